// Checks a generated Kotlin file against linkgen's shared test vectors (`linkgen generate
// test-vectors`): every sample's seven links, the install referrer of its Play link, and every
// case's verdict (the canonical links and ignored query items of the value, or the error code)
// must be LinkKit's. Compiled with the generated file, which must use the package
// `linkgen.vectors` and the type name DeepLink:
//
//   kotlinc -Werror DeepLink.kt Tests/Kotlin/VectorHarness.kt Tests/Kotlin/Json.kt -d out
//   java -cp out:/usr/share/java/kotlin-stdlib.jar linkgen.vectors.VectorHarnessKt vectors.json
//
// Exit status 0 when every vector agrees, 1 on any difference (the first ones are printed).

package linkgen.vectors

import java.io.File
import kotlin.system.exitProcess

fun main(args: Array<String>) {
    if (args.isEmpty()) {
        System.err.println("usage: VectorHarness vectors.json...")
        exitProcess(64)
    }
    val harness = VectorHarness()
    for (path in args) harness.check(path)
    println("${harness.checked} vectors checked, ${harness.failures} differences from LinkKit")
    exitProcess(if (harness.failures == 0) 0 else 1)
}

class VectorHarness {
    var checked = 0
    var failures = 0

    fun check(path: String) {
        val root = Json(String(File(path).readBytes(), Charsets.UTF_8)).parse() as Map<*, *>
        if (root["format"] != "linkgen-test-vectors" || root["version"] != 1L) {
            System.err.println("$path: not linkgen test vectors of version 1")
            exitProcess(65)
        }
        for (sample in root["samples"] as List<*>) checkSample(sample as Map<*, *>)
        for (case in root["cases"] as List<*>) checkCase(case as Map<*, *>)
    }

    private fun differ(what: String, link: Any?, expected: Any?, got: Any?) {
        failures++
        if (failures <= 25) {
            println("DIFFERENCE ($what) for ${quoted(link)}:\n  LinkKit: ${quoted(expected)}\n  Kotlin:  ${quoted(got)}")
        }
    }

    private fun quoted(value: Any?): String {
        val text = value.toString()
        val builder = StringBuilder()
        var index = 0
        while (index < text.length && index < 400) {
            val scalar = text.codePointAt(index)
            if (scalar < 0x20 || scalar == 0x7F || (scalar in 0x80..0x9F) || scalar == 0x202E) {
                builder.append("\\u{").append(Integer.toHexString(scalar)).append('}')
            } else {
                builder.appendCodePoint(scalar)
            }
            index += Character.charCount(scalar)
        }
        return builder.toString()
    }

    private fun checkSample(sample: Map<*, *>) {
        checked++
        val links = sample["links"] as Map<*, *>
        val universal = links["universal"] as String
        val parsed = DeepLink.parse(universal)
        if (parsed !is ParseResult.Success) return differ("sample parse", universal, "a value", parsed)
        val value = parsed.value
        val built = value.links()
        val expected = LinkSet(
            scheme = links["scheme"] as String,
            universal = universal,
            appStore = links["appStore"] as String?,
            appStoreApp = links["appStoreApp"] as String?,
            playStore = links["playStore"] as String?,
            androidIntent = links["androidIntent"] as String?,
            web = links["web"] as String
        )
        if (built != expected) differ("sample links", universal, expected, built)
        // A Kotlin string can hold an unpaired surrogate, which no Swift string can: not UTF-8,
        // wherever it is (the JVM's encoder would write it as a '?').
        for (broken in listOf(universal + "\uD800x=1", universal + "\uDC00", "\uD83D" + universal)) {
            val refused = DeepLink.parse(broken)
            if (refused !is ParseResult.Failure || refused.code != LinkErrorCode.invalidCharacter) {
                differ("unpaired surrogate", broken, "invalidCharacter", refused)
            }
        }
        val scheme = DeepLink.parse(expected.scheme)
        if (scheme !is ParseResult.Success || scheme.value != value) differ("scheme link", expected.scheme, value, scheme)
        val play = expected.playStore ?: return
        val referrer = decodeOnce(play.substring(play.indexOf("&referrer=") + 10))
        val restored = DeepLink.fromInstallReferrer(referrer)
        if (restored !is ParseResult.Success || restored.value != value) differ("install referrer", referrer, value, restored)
    }

    private fun checkCase(case: Map<*, *>) {
        checked++
        val link = case["link"] as String
        val result = DeepLink.parse(link)
        val error = case["error"]
        if (error != null) {
            if (result !is ParseResult.Failure || result.code.name != error) differ("verdict", link, error, result)
            return
        }
        if (result !is ParseResult.Success) return differ("verdict", link, case["route"], result)
        val expected = listOf(case["scheme"], case["universal"], ignored(case["ignored"] as List<*>))
        val got = listOf(result.value.schemeLink(), result.value.universalLink(), result.ignored)
        if (expected != got) differ("value", link, expected, got)
    }

    private fun ignored(items: List<*>): List<Pair<String, String>> =
        items.map { item -> (item as List<*>).let { Pair(it[0] as String, it[1] as String) } }

    /** What the Play Store hands the app: the referrer parameter decoded once. */
    private fun decodeOnce(text: String): String {
        val bytes = java.io.ByteArrayOutputStream()
        var index = 0
        while (index < text.length) {
            if (text[index] == '%' && index + 2 < text.length) {
                bytes.write(Integer.parseInt(text.substring(index + 1, index + 3), 16))
                index += 3
            } else {
                bytes.write(text.codePointAt(index))
                index++
            }
        }
        return String(bytes.toByteArray(), Charsets.UTF_8)
    }
}
