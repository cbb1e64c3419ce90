// A small JSON reader for the test vectors (the harness uses no library): objects as maps,
// arrays as lists, strings, numbers as Long or Double, booleans and null.

package linkgen.vectors

class Json(private val text: String) {
    private var index = 0

    fun parse(): Any? {
        val value = value()
        space()
        if (index != text.length) fail("text after the value")
        return value
    }

    private fun fail(message: String): Nothing = throw IllegalArgumentException("JSON: $message at $index")

    private fun space() {
        while (index < text.length && (text[index] == ' ' || text[index] == '\n' || text[index] == '\r' || text[index] == '\t')) index++
    }

    private fun value(): Any? {
        space()
        if (index >= text.length) fail("unexpected end")
        return when (text[index]) {
            '{' -> objectValue()
            '[' -> arrayValue()
            '"' -> stringValue()
            't' -> word("true", true)
            'f' -> word("false", false)
            'n' -> word("null", null)
            else -> number()
        }
    }

    private fun word(word: String, value: Any?): Any? {
        if (!text.startsWith(word, index)) fail("unknown word")
        index += word.length
        return value
    }

    private fun objectValue(): Map<String, Any?> {
        val result = LinkedHashMap<String, Any?>()
        index++
        space()
        if (text[index] == '}') {
            index++
            return result
        }
        while (true) {
            space()
            val key = stringValue()
            space()
            if (text[index] != ':') fail("expected ':'")
            index++
            result[key] = value()
            space()
            if (text[index] == ',') {
                index++
                continue
            }
            if (text[index] != '}') fail("expected '}'")
            index++
            return result
        }
    }

    private fun arrayValue(): List<Any?> {
        val result = ArrayList<Any?>()
        index++
        space()
        if (text[index] == ']') {
            index++
            return result
        }
        while (true) {
            result.add(value())
            space()
            if (text[index] == ',') {
                index++
                continue
            }
            if (text[index] != ']') fail("expected ']'")
            index++
            return result
        }
    }

    private fun stringValue(): String {
        if (text[index] != '"') fail("expected a string")
        index++
        val builder = StringBuilder()
        while (true) {
            if (index >= text.length) fail("unterminated string")
            val char = text[index++]
            if (char == '"') return builder.toString()
            if (char != '\\') {
                builder.append(char)
                continue
            }
            when (text[index++]) {
                '"' -> builder.append('"')
                '\\' -> builder.append('\\')
                '/' -> builder.append('/')
                'b' -> builder.append('\b')
                'f' -> builder.appendCodePoint(12)
                'n' -> builder.append('\n')
                'r' -> builder.append('\r')
                't' -> builder.append('\t')
                'u' -> {
                    builder.appendCodePoint(Integer.parseInt(text.substring(index, index + 4), 16))
                    index += 4
                }
                else -> fail("unknown escape")
            }
        }
    }

    private fun number(): Any {
        val start = index
        while (index < text.length && "+-0123456789.eE".indexOf(text[index]) >= 0) index++
        val number = text.substring(start, index)
        if (number.length == 0) fail("unexpected character")
        return number.toLongOrNull() ?: number.toDouble()
    }
}
