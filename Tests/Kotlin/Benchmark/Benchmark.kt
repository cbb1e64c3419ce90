// Parse and build speed of the generated Kotlin on the JVM, against a baseline doing the same
// work with java.net.URI, a path split and UUID.fromString, in the same run: warmed up, then
// samples of each alternating, the median of each reported with the ratio. Compiled with the
// generated file of Examples/openlist/linkgen.json (package linkgen.vectors) by
// scripts/kotlin-bench.sh:
//
//   java -cp out:kotlin-stdlib.jar linkgen.vectors.BenchmarkKt [samples]

package linkgen.vectors

import java.net.URI
import java.net.URLDecoder
import java.util.UUID

/** Keeps the results alive, so the JIT cannot drop the work. */
var sink = 0

private val links = listOf(
    "https://openlist.example.com/shared-checklists/3f2504e0-4f89-11d3-9a0c-0305e82c3301",
    "https://openlist.example.com/checklists/3f2504e0-4f89-11d3-9a0c-0305e82c3301/items/42",
    "https://openlist.example.com/checklists/3f2504e0-4f89-11d3-9a0c-0305e82c3301?layout=board&page=3",
    "https://openlist.example.com/invite/ABC123?role=editor&utm_source=mail",
    "https://openlist.example.com/search?q=caf%C3%A9%20list&from=home"
)

private val domains = listOf("openlist.example.com", "www.openlist.example.com")

/** The same work by hand: java.net.URI, the path split, UUID.fromString, URLDecoder. */
fun baselineParse(link: String): DeepLink? {
    val uri = try { URI(link) } catch (error: Exception) { return null }
    if (!"https".equals(uri.scheme, ignoreCase = true)) return null
    val host = uri.host ?: return null
    if (domains.none { it.equals(host, ignoreCase = true) } || uri.port != -1 || uri.rawUserInfo != null) return null
    val segments = uri.rawPath.split('/').drop(1).filter { it.isNotEmpty() }
    val query = HashMap<String, String>()
    uri.rawQuery?.split('&')?.forEach { item ->
        val equals = item.indexOf('=')
        if (equals > 0) query[item.substring(0, equals)] = URLDecoder.decode(item.substring(equals + 1), "UTF-8")
    }
    return try {
        when {
            segments.size == 2 && segments[0] == "shared-checklists" -> DeepLink.SharedChecklist(UUID.fromString(segments[1]))
            segments.size == 4 && segments[0] == "checklists" && segments[2] == "items" ->
                DeepLink.ChecklistItem(UUID.fromString(segments[1]), segments[3].toInt())
            segments.size == 2 && segments[0] == "checklists" -> DeepLink.Checklist(
                UUID.fromString(segments[1]),
                DeepLink.ChecklistLayout.values().firstOrNull { it.value == query["layout"] } ?: DeepLink.ChecklistLayout.list,
                query["done"] == "true",
                query["page"]?.toInt() ?: 1
            )
            segments.size == 2 && segments[0] == "invite" ->
                DeepLink.Invite(segments[1], DeepLink.InviteRole.values().firstOrNull { it.value == query["role"] } ?: DeepLink.InviteRole.viewer)
            segments.size == 1 && segments[0] == "search" -> DeepLink.Search(query["q"] ?: return null, query["from"])
            segments.isEmpty() -> DeepLink.Home
            else -> null
        }
    } catch (error: IllegalArgumentException) {
        null
    }
}

/** The universal link by hand, with java.net.URI's encoding. */
fun baselineBuild(value: DeepLink.Checklist): String =
    URI("https", "openlist.example.com", "/checklists/" + value.list.toString(),
        "layout=" + value.layout.value + "&page=" + value.page, null).toASCIIString()

private fun time(rounds: Int, body: () -> Unit): Double {
    val start = System.nanoTime()
    for (round in 0 until rounds) body()
    return (System.nanoTime() - start).toDouble() / rounds
}

private fun median(values: List<Double>) = values.sorted()[values.size / 2]

fun main(args: Array<String>) {
    val samples = if (args.isNotEmpty()) args[0].toInt() else 15
    for (link in links) {
        val generated = (DeepLink.parse(link) as ParseResult.Success).value
        check(baselineParse(link) == generated) { "the baseline reads $link otherwise" }
    }
    val checklist = DeepLink.Checklist(UUID.fromString("3f2504e0-4f89-11d3-9a0c-0305e82c3301"), DeepLink.ChecklistLayout.board, false, 3)
    check(baselineBuild(checklist) == checklist.universalLink())
    val parse = { for (link in links) sink += DeepLink.parse(link).hashCode() }
    val parseBaseline = { for (link in links) sink += baselineParse(link).hashCode() }
    val build = { sink += checklist.universalLink().length }
    val buildBaseline = { sink += baselineBuild(checklist).length }
    val rounds = 20_000
    for (warmup in 0 until 5) {
        time(rounds, parse); time(rounds, parseBaseline); time(rounds * 5, build); time(rounds * 5, buildBaseline)
    }
    val results = List(4) { ArrayList<Double>() }
    for (sample in 0 until samples) {
        results[0].add(time(rounds, parse) / links.size)
        results[1].add(time(rounds, parseBaseline) / links.size)
        results[2].add(time(rounds * 5, build))
        results[3].add(time(rounds * 5, buildBaseline))
    }
    val (parseNs, parseBaseNs, buildNs, buildBaseNs) = results.map(::median)
    println("parse, per link:          generated %7.0f ns, java.net.URI baseline %7.0f ns: %.1fx".format(parseNs, parseBaseNs, parseBaseNs / parseNs))
    println("universal link, per link: generated %7.0f ns, java.net.URI baseline %7.0f ns: %.1fx".format(buildNs, buildBaseNs, buildBaseNs / buildNs))
    println("(median of $samples alternating samples after warm-up; ${System.getProperty("java.vm.name")} ${System.getProperty("java.version")}; sink $sink)")
}
