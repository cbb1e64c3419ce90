/// The table-independent part of the generated Kotlin parser and builder: LinkKit's
/// `LinkParser`, `RouteMatcher` and value rules, translated line for line, reading the
/// constants and route descriptors ``KotlinFileWriter`` emits from the ``TableModel`` (the
/// byte classes, forbidden scalars and limits of ``LinkRules``). It sits inside the generated
/// type as `private object LinkRuntime`, after the constants and before the routes.
///
/// Kotlin 1.3 and the JVM's own classes only; no `Char` to number conversions (deprecated
/// since Kotlin 1.5), so later compilers print no warning either.
enum KotlinRuntime {
  static let text = #"""
            private const val UUID_KIND = 0
            private const val INT_KIND = 1
            private const val STRING_KIND = 2
            private const val ENUM_KIND = 3
            private const val BOOL_KIND = 4
            private const val UNIVERSAL_FORM = 0
            private const val AUTHORITY_FORM = 1
            private const val OPAQUE_FORM = 2
            private const val HEX = "0123456789ABCDEF"
            private const val SLASH: Byte = 0x2F
            private const val PERCENT: Byte = 0x25
            private val EMPTY = ByteArray(0)
            private val NO_INTS = IntArray(0)
            private val NO_VALUES = arrayOf<String>()
            private val HTTPS = ascii("https")
            private val PREFIX = ascii(UNIVERSAL_PREFIX)
            /** LinkKit's byte classes, with '/' (class 0 there) as class 4, so the character scan
             * also finds the slashes that split the authority and the path. */
            private val CLASSES = IntArray(256) { if (it == 0x2F) 4 else CLASS_TEXT[it] - '0' }
            private val UNRESERVED = BooleanArray(128).also { flags ->
                for (byte in ascii(UNRESERVED_TEXT)) flags[byte.toInt()] = true
            }

            class Param(
                val name: String,
                val kind: Int,
                val type: String,
                val optional: Boolean = false,
                val inPath: Boolean = false,
                val allowsNil: Boolean = false,
                val min: Long = Long.MIN_VALUE,
                val max: Long = Long.MAX_VALUE,
                val allowed: IntArray? = null,
                val pattern: String = "",
                val values: Array<String> = NO_VALUES
            ) {
                val valueBytes = Array(values.size) { ascii(values[it]) }

                /** The ASCII characters a string value surely may hold (printable, allowed, and not
                 * '/' in a path parameter), indexed by code: the string checks' fast path. */
                val plain = BooleanArray(128) {
                    it >= 0x20 && it < 0x7F && !(inPath && it == 0x2F) && (allowed == null || inRanges(allowed, it))
                }
            }

            /** A path segment or query value: parameter [parameter], or (when it is -1) [text]. */
            class Piece(val parameter: Int, val text: ByteArray)

            class Item(val name: String, val value: Piece) {
                val nameBytes = ascii(name)
            }

            class Pattern(
                val template: String,
                val form: Int,
                host: String,
                val path: Array<Piece>,
                val query: Array<Item>
            ) {
                val host = ascii(host)
            }

            class Route(val name: String, val params: Array<Param>, val scheme: Pattern, val universal: Pattern)

            class Problem(val code: LinkErrorCode, val message: String)

            fun literal(text: String) = Piece(-1, ascii(text))

            fun parameter(index: Int) = Piece(index, EMPTY)

            fun ascii(text: String): ByteArray = text.toByteArray(Charsets.UTF_8)

            // MARK: Parsing

            fun parse(link: String): ParseResult<DeepLink> {
                val bytes = utf8(link)
                    ?: return ParseResult.Failure(LinkErrorCode.invalidCharacter, "the link is not valid UTF-8")
                val reader = Reader(bytes, if (bytes.size == link.length) link else null)
                val route = reader.read()
                val problem = reader.problem
                if (route < 0 || problem != null) {
                    return ParseResult.Failure(
                        problem?.code ?: LinkErrorCode.noMatchingRoute,
                        problem?.message ?: "no route matches the link"
                    )
                }
                return ParseResult.Success(typed(route, reader.values), reader.ignored(route))
            }

            fun fromInstallReferrer(referrer: String): ParseResult<DeepLink> {
                val bytes = strictUtf8(referrer)
                    ?: return ParseResult.Failure(LinkErrorCode.invalidCharacter, "the referrer is not valid UTF-8")
                var start = 0
                while (start <= bytes.size) {
                    var end = start
                    while (end < bytes.size && bytes[end] != AMPERSAND) end++
                    val name = REFERRER_ITEM.length
                    if (end - start > name && bytes[start + name] == EQUALS &&
                        String(bytes, start, name, Charsets.UTF_8) == REFERRER_ITEM
                    ) {
                        val link = percentDecoded(bytes, start + name + 1, end)
                            ?: return ParseResult.Failure(
                                LinkErrorCode.invalidPercentEncoding,
                                "the referrer's $REFERRER_ITEM is not percent-encoded UTF-8"
                            )
                        return parse(link)
                    }
                    start = end + 1
                }
                return ParseResult.Failure(
                    LinkErrorCode.malformedURL,
                    "the install referrer carries no $REFERRER_ITEM item"
                )
            }

            private const val AMPERSAND: Byte = 0x26
            private const val EQUALS: Byte = 0x3D

            private fun percentDecoded(bytes: ByteArray, start: Int, end: Int): String? {
                val out = ByteArray(end - start)
                var read = start
                var written = 0
                while (read < end) {
                    if (bytes[read] == PERCENT) {
                        val high = if (read + 2 < end) hex(bytes[read + 1]) else -1
                        val low = if (read + 2 < end) hex(bytes[read + 2]) else -1
                        if (high < 0 || low < 0) return null
                        out[written] = ((high shl 4) or low).toByte()
                        read += 3
                    } else {
                        out[written] = bytes[read]
                        read++
                    }
                    written++
                }
                var index = 0
                while (index < written) {
                    val scalar = scalarAt(out, index, written)
                    if (scalar < 0) return null
                    index += width(scalar)
                }
                return String(out, 0, written, Charsets.UTF_8)
            }

            /** The UTF-8 bytes of a link, or null when it has an unpaired surrogate outside ASCII
             * text. In ASCII-sized text the encoder writes one as '?', which the reader checks
             * where it meets a '?' (checkedQuestionMarks). */
            fun utf8(text: String): ByteArray? {
                val bytes = text.toByteArray(Charsets.UTF_8)
                if (bytes.size == text.length) return bytes
                return strictUtf8(text)
            }

            /** The UTF-8 bytes of the text, or null when it has an unpaired surrogate. */
            fun strictUtf8(text: String): ByteArray? {
                var index = 0
                val length = text.length
                while (index < length) {
                    val unit = text[index]
                    if (unit >= '\uD800' && unit <= '\uDFFF') {
                        if (unit > '\uDBFF' || index + 1 >= length) return null
                        val next = text[index + 1]
                        if (next < '\uDC00' || next > '\uDFFF') return null
                        index += 2
                    } else {
                        index++
                    }
                }
                return text.toByteArray(Charsets.UTF_8)
            }


            /** Reads one link, in LinkKit's order: size, characters, scheme, authority, every path
             * segment and query item, then the routes in table order. */
            class Reader(private val input: ByteArray, private val checkedQuestionMarks: String?) {
                var problem: Problem? = null
                val values = arrayOfNulls<Any>(MAX_PARAMETERS)
                private var colon = -1
                private var question = -1
                private var hash = -1
                private var hasEscapes = false
                private var canonical = false
                /** The query items (one bit each, the first 64) that the route being read names. */
                private var named = 0L
                private var firstEscape = -1
                private var lastEscape = -1
                private var universal = false
                private var hostStart = -1
                private var hostEnd = -1
                private var pathStart = 0
                private var pathEnd = 0
                private var queryStart = -1
                private var queryEnd = -1
                private var segments = IntArray(8)
                private var slashes = IntArray(8)
                private var slashCount = 0
                private var slashCursor = 0
                private var segmentCount = 0
                private var items = NO_INTS
                private var itemCount = 0
                private var scratch = EMPTY
                private var text = EMPTY
                private var textStart = 0
                private var textCount = 0

                fun read(): Int {
                    if (input.size > MAX_LENGTH) {
                        fail(LinkErrorCode.tooLong, "the link is ${input.size} bytes long; the parser reads at most $MAX_LENGTH")
                        return -1
                    }
                    if (!classify() || !scan() || !split()) return -1
                    return match()
                }

                private fun fail(code: LinkErrorCode, message: String): Boolean {
                    problem = Problem(code, message)
                    return false
                }

                private fun at(index: Int) = input[index].toInt() and 0xFF

                private fun source(start: Int, end: Int) = String(input, start, end - start, Charsets.UTF_8)

                /** The first '/' in [start, end), or end: from the slashes before the query and the
                 * fragment that classify() recorded, read in order (start never goes back). */
                private fun nextSlash(start: Int, end: Int): Int {
                    while (slashCursor < slashCount && slashes[slashCursor] < start) slashCursor++
                    return if (slashCursor < slashCount && slashes[slashCursor] < end) slashes[slashCursor] else end
                }

                /** The first '%' in [start, end), or end: classify() recorded the first and the last. */
                private fun escapeIn(start: Int, end: Int): Int {
                    if (!hasEscapes || end <= firstEscape || start > lastEscape) return end
                    if (start <= firstEscape) return firstEscape
                    return indexOf(PERCENT, start, end)
                }

                private fun indexOf(byte: Byte, start: Int, end: Int): Int {
                    var index = start
                    while (index < end && input[index] != byte) index++
                    return index
                }

                // MARK: Characters

                private fun classify(): Boolean {
                    val count = input.size
                    var index = 0
                    // The app's universal links start with "https://", the canonical domain and '/':
                    // bytes that hold the colon, two slashes and host characters only. Take them as read.
                    if (count > PREFIX.size && input[PREFIX.size] == SLASH && equalBytes(input, 0, PREFIX.size, PREFIX)) {
                        canonical = true
                        colon = HTTPS.size
                        slash(HTTPS.size + 1)
                        slash(HTTPS.size + 2)
                        index = PREFIX.size
                    }
                    while (index < count) {
                        val byteClass = CLASSES[at(index)]
                        if (byteClass == 0) {
                            index++
                        } else if (byteClass == 4) {
                            if (question < 0 && hash < 0) slash(index)
                            index++
                        } else {
                            index = special(index, byteClass)
                            if (index < 0) return false
                        }
                    }
                    return true
                }

                private fun slash(index: Int) {
                    if (slashCount == slashes.size) slashes = slashes.copyOf(2 * slashes.size)
                    slashes[slashCount++] = index
                }

                /** The byte at [index] of class 1 (':', '?', '#', '%'), 2 (refused) or 3 (not
                 * ASCII): the index after its character, or -1 after fail(). Kept out of classify(),
                 * so the JIT inlines that loop. */
                private fun special(index: Int, byteClass: Int): Int {
                    val byte = at(index)
                    if (byteClass == 1) {
                        // A '?' the encoder wrote for an unpaired surrogate (which a Swift
                        // string cannot hold): not UTF-8.
                        if (byte == 0x3F && checkedQuestionMarks != null && checkedQuestionMarks[index] != '?') {
                            fail(LinkErrorCode.invalidCharacter, "the link is not valid UTF-8")
                            return -1
                        }
                        when (byte) {
                            0x3A -> if (colon < 0) colon = index
                            0x3F -> if (question < 0 && hash < 0) question = index
                            0x23 -> if (hash < 0) hash = index
                            else -> {
                                if (!hasEscapes) firstEscape = index
                                hasEscapes = true
                                lastEscape = index
                            }
                        }
                        return index + 1
                    }
                    if (byteClass == 2) {
                        fail(LinkErrorCode.invalidCharacter, "the link contains ${asciiName(byte)}")
                        return -1
                    }
                    val scalar = scalarAt(input, index, input.size)
                    if (scalar < 0) {
                        fail(LinkErrorCode.invalidCharacter, "the link is not valid UTF-8")
                        return -1
                    }
                    if (isForbidden(scalar)) {
                        fail(LinkErrorCode.invalidCharacter, "the link contains ${scalarName(scalar)}, a control or invisible character")
                        return -1
                    }
                    return index + width(scalar)
                }

                private fun asciiName(byte: Int): String = when (byte) {
                    0x20 -> "a space"
                    0x5C -> "a backslash"
                    0x22, 0x3C, 0x3E, 0x5E, 0x60, 0x7B, 0x7C, 0x7D ->
                        "'" + String(byteArrayOf(byte.toByte()), Charsets.UTF_8) + "', which links must percent-encode"
                    else -> "the control character ${scalarName(byte)}"
                }

                // MARK: Scheme and authority

                private fun scan(): Boolean {
                    // A link that starts as the app builds its universal links meets the scheme and
                    // host rules: skip them.
                    if (canonical) universal = true else if (!scheme()) return false
                    val afterColon = colon + 1
                    val fragment = if (hash >= 0) hash else input.size
                    val hierarchyEnd = if (question >= 0) question else fragment
                    if (question >= 0) {
                        queryStart = question + 1
                        queryEnd = fragment
                    }
                    val hasAuthority = hierarchyEnd - afterColon >= 2 && input[afterColon] == SLASH &&
                        input[afterColon + 1] == SLASH
                    if (!hasAuthority) {
                        if (universal) return fail(LinkErrorCode.malformedURL, "an https link needs '//' and a host after 'https:'")
                        pathStart = afterColon
                        pathEnd = hierarchyEnd
                        return true
                    }
                    hostStart = afterColon + 2
                    hostEnd = nextSlash(hostStart, hierarchyEnd)
                    pathStart = hostEnd
                    pathEnd = hierarchyEnd
                    return canonical || checkHost()
                }

                private fun scheme(): Boolean {
                    var valid = colon > 0 && isLetter(at(0))
                    var position = 1
                    while (valid && position < colon) {
                        valid = isSchemeByte(at(position))
                        position++
                    }
                    if (!valid) {
                        return fail(LinkErrorCode.malformedURL, "the link does not start with a scheme ('$SCHEME:' or 'https:')")
                    }
                    if (equalsIgnoringCase(0, colon, SCHEME_BYTES)) return true
                    if (equalsIgnoringCase(0, colon, HTTPS)) {
                        universal = true
                        return true
                    }
                    return fail(
                        LinkErrorCode.unknownScheme,
                        "the scheme '${source(0, colon)}' is neither the app's '$SCHEME' nor 'https'"
                    )
                }

                private fun checkHost(): Boolean {
                    if (hostStart == hostEnd) return fail(LinkErrorCode.malformedURL, "the link has no host after '//'")
                    if (universal) {
                        for (domain in DOMAINS) if (equalsIgnoringCase(hostStart, hostEnd, domain)) return true
                    }
                    return checkOtherHost()
                }

                /** A custom-scheme link's host, or a universal link's host that is not the app's. */
                private fun checkOtherHost(): Boolean {
                    var numeric = true
                    for (index in hostStart until hostEnd) {
                        val byte = at(index)
                        if (isLetter(byte) || byte == 0x2D) {
                            numeric = false
                            continue
                        }
                        if (isDigit(byte) || byte == 0x2E) continue
                        if (indexOf(0x40, hostStart, hostEnd) < hostEnd) {
                            return fail(LinkErrorCode.malformedURL, "the link has userinfo ('…@'), which no route accepts")
                        }
                        return when (byte) {
                            0x5B -> fail(LinkErrorCode.hostNotAllowed, "IP-literal hosts are never allowed")
                            0x3A -> fail(LinkErrorCode.malformedURL, "the link has a port, which no route accepts")
                            else -> fail(LinkErrorCode.hostNotAllowed, "the host may use only letters, digits, '-' and '.'")
                        }
                    }
                    if (!universal) return true
                    if (numeric) return fail(LinkErrorCode.hostNotAllowed, "IP-address hosts are never allowed")
                    val hint = if (input[hostEnd - 1] == DOT) " (remove the trailing dot)" else ""
                    return fail(
                        LinkErrorCode.hostNotAllowed,
                        "the host '${source(hostStart, hostEnd)}' is not one of the app's domains ($DOMAIN_LIST)$hint"
                    )
                }

                private fun equalsIgnoringCase(start: Int, end: Int, expected: ByteArray): Boolean {
                    if (end - start != expected.size) return false
                    for (index in expected.indices) {
                        val byte = at(start + index)
                        val folded = if (byte >= 0x41 && byte <= 0x5A) byte or 0x20 else byte
                        if (folded != expected[index].toInt()) return false
                    }
                    return true
                }

                // MARK: Path and query

                private fun split(): Boolean {
                    var start = pathStart
                    var end = pathEnd
                    if (hostStart < 0) {
                        if (start == end) return fail(LinkErrorCode.malformedURL, "the link has nothing after '$SCHEME:'")
                    } else if (start < end) {
                        start++
                    }
                    if (start < end && input[end - 1] == SLASH) {
                        end--
                        if (start == end && hostStart < 0) return fail(LinkErrorCode.malformedURL, "the link's path is empty")
                    }
                    if ((start < end || hostStart < 0) && !splitPath(start, end)) return false
                    return queryStart < 0 || splitQuery()
                }

                private fun splitPath(path: Int, end: Int): Boolean {
                    var start = path
                    var more = true
                    while (more) {
                        val stop = nextSlash(start, end)
                        if (segmentCount >= MAX_SEGMENTS) {
                            return fail(LinkErrorCode.tooManyParts, "the link has more than $MAX_SEGMENTS path segments")
                        }
                        if (!checkSegment(start, stop)) return false
                        if (2 * segmentCount == segments.size) segments = segments.copyOf(2 * segments.size)
                        segments[2 * segmentCount] = start
                        segments[2 * segmentCount + 1] = stop
                        segmentCount++
                        more = stop < end
                        start = stop + 1
                    }
                    return true
                }

                /** Splits the query at '&' and each item at its first '=', in one pass. */
                private fun splitQuery(): Boolean {
                    var start = queryStart
                    var equals = -1
                    for (index in queryStart..queryEnd) {
                        if (index < queryEnd) {
                            val byte = input[index]
                            if (byte == EQUALS && equals < 0) equals = index
                            if (byte != AMPERSAND) continue
                        }
                        if (index > start && !item(start, if (equals < 0) index else equals, index)) return false
                        start = index + 1
                        equals = -1
                    }
                    return true
                }

                /** Records (and checks) the query item input[start, end), whose first '=' is at
                 * [equals] (end when it has none). */
                private fun item(start: Int, equals: Int, end: Int): Boolean {
                    if (itemCount >= MAX_ITEMS) {
                        return fail(LinkErrorCode.tooManyParts, "the link has more than $MAX_ITEMS query items")
                    }
                    if (4 * itemCount == items.size) items = items.copyOf(maxOf(16, 2 * items.size))
                    val valueStart = if (equals < end) equals + 1 else end
                    if (hasEscapes && (!decode(start, equals) || !decode(valueStart, end))) return false
                    items[4 * itemCount] = start
                    items[4 * itemCount + 1] = equals
                    items[4 * itemCount + 2] = valueStart
                    items[4 * itemCount + 3] = end
                    itemCount++
                    return true
                }

                private fun checkSegment(start: Int, end: Int): Boolean {
                    if (start == end) return fail(LinkErrorCode.malformedURL, "the link's path has an empty segment ('//')")
                    if (!hasEscapes) {
                        if (end - start <= 2 && input[start] == DOT && input[end - 1] == DOT) {
                            return fail(LinkErrorCode.malformedURL, "the link's path has a '.' or '..' segment")
                        }
                        return true
                    }
                    if (!decode(start, end)) return false
                    var dots = textCount <= 2
                    var slash = false
                    for (index in textStart until textStart + textCount) {
                        if (text[index] != DOT) dots = false
                        if (text[index] == SLASH) slash = true
                    }
                    if (dots) return fail(LinkErrorCode.malformedURL, "the link's path has a '.' or '..' segment")
                    if (slash) {
                        return fail(LinkErrorCode.malformedURL, "the link's path has an encoded '/' (%2F), which no route accepts")
                    }
                    return true
                }

                /** Checks input[start, end): its escapes are '%' and two hex digits, and once decoded
                 * (into text/textStart/textCount, as decoded() does) it is UTF-8 without forbidden
                 * characters. split() checks every segment and query item so; later reads decode only. */
                private fun decode(start: Int, end: Int): Boolean {
                    if (!hasEscapes) return decoded(start, end)
                    var escape = escapeIn(start, end)
                    if (escape == end) return decoded(start, end)
                    while (escape < end) {
                        if (escape + 2 >= end || hex(input[escape + 1]) < 0 || hex(input[escape + 2]) < 0) {
                            return fail(LinkErrorCode.invalidPercentEncoding, "'%' must be followed by two hex digits")
                        }
                        escape = indexOf(PERCENT, escape + 3, end)
                    }
                    decoded(start, end)
                    var index = 0
                    while (index < textCount) {
                        val scalar = scalarAt(text, index, textCount)
                        if (scalar < 0) return fail(LinkErrorCode.invalidPercentEncoding, "the percent-encoded bytes are not valid UTF-8")
                        if (isForbidden(scalar)) {
                            return fail(
                                LinkErrorCode.invalidCharacter,
                                "the link encodes ${scalarName(scalar)}, a control or invisible character"
                            )
                        }
                        index += width(scalar)
                    }
                    return true
                }

                /** Percent-decodes input[start, end), which decode() has checked, into
                 * text/textStart/textCount: the input itself when it has no escape. Always true. */
                private fun decoded(start: Int, end: Int): Boolean {
                    var read = escapeIn(start, end)
                    if (read == end) {
                        text = input
                        textStart = start
                        textCount = end - start
                        return true
                    }
                    if (scratch.size < input.size) scratch = ByteArray(input.size)
                    var written = read - start
                    System.arraycopy(input, start, scratch, 0, written)
                    while (read < end) {
                        val byte = input[read]
                        if (byte == PERCENT) {
                            scratch[written] = ((hex(input[read + 1]) shl 4) or hex(input[read + 2])).toByte()
                            read += 3
                        } else {
                            scratch[written] = byte
                            read++
                        }
                        written++
                    }
                    text = scratch
                    textStart = 0
                    textCount = written
                    return true
                }

                // MARK: Matching

                private fun match(): Int {
                    var first: Problem? = null
                    for (position in ROUTES.indices) {
                        val route = ROUTES[position]
                        val pattern = if (universal) route.universal else route.scheme
                        named = 0L
                        if (!fits(pattern)) continue
                        if (readValues(route, pattern)) return position
                        java.util.Arrays.fill(values, null)
                        if (first == null) first = problem
                        problem = null
                    }
                    problem = first ?: noRoute()
                    return -1
                }

                private fun fits(pattern: Pattern): Boolean {
                    when (pattern.form) {
                        UNIVERSAL_FORM -> if (hostStart < 0) return false
                        OPAQUE_FORM -> if (hostStart >= 0) return false
                        else -> if (hostStart < 0 || !equalsIgnoringCase(hostStart, hostEnd, pattern.host)) return false
                    }
                    if (pattern.path.size != segmentCount) return false
                    for (index in pattern.path.indices) {
                        val piece = pattern.path[index]
                        if (piece.parameter >= 0) continue
                        if (!decoded(segments[2 * index], segments[2 * index + 1]) || !decodedEquals(piece.text)) return false
                    }
                    for (item in pattern.query) {
                        if (item.value.parameter >= 0) continue
                        var found = false
                        for (position in 0 until itemCount) {
                            if (!isNamed(position, item.nameBytes)) continue
                            if (!decoded(items[4 * position + 2], items[4 * position + 3]) || !decodedEquals(item.value.text)) {
                                return false
                            }
                            found = true
                            mark(position)
                        }
                        if (!found) return false
                    }
                    return true
                }

                private fun readValues(route: Route, pattern: Pattern): Boolean {
                    for (index in pattern.path.indices) {
                        val parameter = pattern.path[index].parameter
                        if (parameter < 0) continue
                        if (!value(segments[2 * index], segments[2 * index + 1], route, parameter, false)) return false
                    }
                    for (item in pattern.query) {
                        val parameter = item.value.parameter
                        if (parameter < 0) continue
                        val param = route.params[parameter]
                        var found = -1
                        for (candidate in 0 until itemCount) {
                            if (!isNamed(candidate, item.nameBytes)) continue
                            if (found >= 0) return failItem(LinkErrorCode.duplicateParameter, route, item, param)
                            found = candidate
                            mark(candidate)
                        }
                        if (found < 0) {
                            if (param.optional) continue
                            return failItem(LinkErrorCode.missingParameter, route, item, param)
                        }
                        if (!value(items[4 * found + 2], items[4 * found + 3], route, parameter, true)) return false
                    }
                    return true
                }

                private fun failItem(code: LinkErrorCode, route: Route, item: Item, param: Param): Boolean {
                    if (code == LinkErrorCode.duplicateParameter) {
                        return fail(
                            code,
                            "the query item '${item.name}' (parameter '${param.name}' of route '${route.name}') appears more than once"
                        )
                    }
                    return fail(
                        code,
                        "the link to route '${route.name}' has no query item '${item.name}' (parameter '${param.name}', ${param.type})"
                    )
                }

                /** Reads value [index] of [route] from input[start, end). A value from a path segment
                 * needs no [pathProblem] check: checkSegment has refused '/', '.' and '..' there. */
                private fun value(start: Int, end: Int, route: Route, index: Int, fromQuery: Boolean): Boolean {
                    decoded(start, end)
                    val param = route.params[index]
                    val read = readValue(param, text, textStart, textCount)
                    val bad = read as? Bad ?: if (fromQuery) pathProblem(param, read) else null
                    if (bad != null) return failValue(route, param, bad)
                    values[index] = read
                    return true
                }

                private fun failValue(route: Route, param: Param, bad: Bad) =
                    fail(bad.code, "parameter '${param.name}' of route '${route.name}' ${bad.sentence}")

                private fun isNamed(item: Int, name: ByteArray): Boolean {
                    val start = items[4 * item]
                    val end = items[4 * item + 1]
                    if (equalBytes(input, start, end - start, name)) return true
                    if (escapeIn(start, end) == end) return false
                    decoded(start, end)
                    return decodedEquals(name)
                }

                private fun decodedEquals(expected: ByteArray) = equalBytes(text, textStart, textCount, expected)

                private fun mark(item: Int) {
                    if (item < 64) named = named or (1L shl item)
                }

                /** The query items the matched route does not name, percent-decoded, in link order. */
                fun ignored(route: Int): List<Pair<String, String>> {
                    if (itemCount == 0 || (itemCount <= 64 && named == -1L ushr (64 - itemCount))) return emptyList()
                    val pattern = if (universal) ROUTES[route].universal else ROUTES[route].scheme
                    var result: ArrayList<Pair<String, String>>? = null
                    for (position in 0 until itemCount) {
                        if (position < 64 && named and (1L shl position) != 0L) continue
                        if (position >= 64 && pattern.query.any { isNamed(position, it.nameBytes) }) continue
                        decoded(items[4 * position], items[4 * position + 1])
                        val name = String(text, textStart, textCount, Charsets.UTF_8)
                        decoded(items[4 * position + 2], items[4 * position + 3])
                        if (result == null) result = ArrayList(itemCount - position)
                        result.add(Pair(name, String(text, textStart, textCount, Charsets.UTF_8)))
                    }
                    return result ?: emptyList()
                }

                private fun noRoute(): Problem {
                    val kind = if (universal) "universal" else "scheme"
                    val templates = ROUTES.take(12).joinToString("; ") {
                        it.name + ": " + (if (universal) it.universal else it.scheme).template
                    }
                    val more = if (ROUTES.size > 12) "; …" else ""
                    val place = if (universal) "path" else "link"
                    return Problem(LinkErrorCode.noMatchingRoute, "no route matches this $place; the $kind routes are $templates$more")
                }
            }

            // MARK: Values

            /** Why a value does not fit its parameter: the code and the end of LinkKit's sentence. */
            class Bad(val code: LinkErrorCode, val sentence: String)

            private const val DOT: Byte = 0x2E

            /** Reads a value from its percent-decoded text: a UUID, Long, String or Boolean, or a Bad. */
            fun readValue(param: Param, bytes: ByteArray, start: Int, count: Int): Any {
                when (param.kind) {
                    UUID_KIND -> {
                        val uuid = uuid(bytes, start, count) ?: return unreadable(param, bytes, start, count)
                        return nilProblem(param, uuid) ?: uuid
                    }
                    INT_KIND -> {
                        val int = parseLong(bytes, start, count) ?: return unreadable(param, bytes, start, count)
                        if (int < param.min || int > param.max) return outOfBounds(param, int, shown(bytes, start, count))
                        return int
                    }
                    BOOL_KIND -> {
                        if (equalBytes(bytes, start, count, TRUE)) return true
                        if (equalBytes(bytes, start, count, FALSE)) return false
                        return unreadable(param, bytes, start, count)
                    }
                    ENUM_KIND -> {
                        for (index in param.values.indices) {
                            if (equalBytes(bytes, start, count, param.valueBytes[index])) return param.values[index]
                        }
                        return unreadable(param, bytes, start, count)
                    }
                }
                return stringProblem(param, bytes, start, count) ?: String(bytes, start, count, Charsets.UTF_8)
            }

            /** Why text is not a UUID, integer, Boolean or value of the enum, as [param] asks. */
            private fun unreadable(param: Param, bytes: ByteArray, start: Int, count: Int): Bad {
                val shown = shown(bytes, start, count)
                return invalid(
                    when (param.kind) {
                        UUID_KIND -> "must be a UUID (8-4-4-4-12 hex digits), got $shown"
                        INT_KIND ->
                            if (isDecimal(bytes, start, count)) "must be an integer from ${Long.MIN_VALUE} to ${Long.MAX_VALUE}, got $shown"
                            else "must be a decimal integer, got $shown"
                        BOOL_KIND -> "must be true or false, got $shown"
                        else -> "must be one of ${param.values.joinToString(", ")}, got $shown"
                    }
                )
            }

            private val TRUE = ascii("true")
            private val FALSE = ascii("false")

            private fun invalid(sentence: String) = Bad(LinkErrorCode.invalidValue, sentence)

            private fun nilProblem(param: Param, uuid: java.util.UUID): Bad? {
                if (param.allowsNil || uuid.mostSignificantBits != 0L || uuid.leastSignificantBits != 0L) return null
                return invalid(
                    "must not be the nil UUID 00000000-0000-0000-0000-000000000000 (no real link carries it; " +
                        "the table's \"allowNil\": true accepts it)"
                )
            }

            /** Why [int], outside the parameter's bounds, does not fit; [shown] words the value. */
            private fun outOfBounds(param: Param, int: Long, shown: String): Bad =
                if (int < param.min) invalid("must be at least ${param.min}, got $shown")
                else invalid("must be at most ${param.max}, got $shown")

            /** Null when the text has only plain ASCII characters and a length within the bounds
             * (the usual case, checked in one tight loop), else [stringRulesProblem]. */
            private fun stringProblem(param: Param, bytes: ByteArray, start: Int, count: Int): Bad? {
                val plain = param.plain
                var index = start
                val end = start + count
                while (index < end) {
                    val byte = bytes[index].toInt()
                    if (byte < 0 || !plain[byte]) break
                    index++
                }
                if (index == end && count >= param.min && count <= param.max) return null
                return stringRulesProblem(param, bytes, start, count)
            }

            /** LinkKit's string rules in one pass: UTF-8, no forbidden character, allowed
             * characters, length in Unicode scalars. */
            private fun stringRulesProblem(param: Param, bytes: ByteArray, start: Int, count: Int): Bad? {
                val end = start + count
                var index = start
                var scalars = 0L
                val plain = param.plain
                val allowed = param.allowed
                while (index < end) {
                    val byte = bytes[index].toInt()
                    val plainByte = byte >= 0 && plain[byte]
                    val scalar = if (plainByte) byte else scalarAt(bytes, index, end)
                    if (!plainByte) {
                        if (scalar < 0) return Bad(LinkErrorCode.invalidPercentEncoding, "is not valid UTF-8 once percent-decoded")
                        if (isForbidden(scalar)) {
                            return Bad(LinkErrorCode.invalidCharacter, "must not contain ${scalarName(scalar)} (a control or invisible character)")
                        }
                        if (allowed != null && !inRanges(allowed, scalar)) {
                            val character = String(bytes, index, width(scalar), Charsets.UTF_8)
                            return invalid("may only use the characters [${param.pattern}], got '$character' in ${shown(bytes, start, count)}")
                        }
                    }
                    scalars++
                    if (scalars > param.max) return invalid("must have at most ${param.max} characters, got ${shown(bytes, start, count)}")
                    index += width(scalar)
                }
                if (scalars < param.min) {
                    return invalid(
                        if (param.min == 1L) "must not be empty"
                        else "must have at least ${param.min} characters, got ${shown(bytes, start, count)}"
                    )
                }
                return null
            }

            /** A string value in a path segment cannot hold '/' or be '.' or '..'. */
            fun pathProblem(param: Param, value: Any): Bad? {
                if (!param.inPath || value !is String) return null
                if (value.indexOf('/') < 0 && value != "." && value != "..") return null
                return invalid(
                    "sits in a path segment, so it cannot contain '/' or be '.' or '..', got \"${sanitized(value)}\""
                )
            }

            /** Checks a value being built: throws IllegalArgumentException with LinkKit's message
             * when value [index] of route [route] does not fit its parameter. One overload a type,
             * so the init blocks neither box nor allocate, each short enough for the JIT to inline:
             * a value that fits costs a comparison, or one look at each character of a string. */
            fun check(route: Int, index: Int, value: java.util.UUID?) {
                if (value != null && value.mostSignificantBits == 0L && value.leastSignificantBits == 0L) {
                    checkNil(route, index, value)
                }
            }

            fun check(route: Int, index: Int, value: Long) {
                val param = ROUTES[route].params[index]
                if (value < param.min || value > param.max) reject(route, index, outOfBounds(param, value))
            }

            fun check(route: Int, index: Int, value: String?) {
                if (value == null) return
                val param = ROUTES[route].params[index]
                if (!isPlain(param, value)) checkString(route, index, param, value)
            }

            private fun checkNil(route: Int, index: Int, value: java.util.UUID) {
                val bad = nilProblem(ROUTES[route].params[index], value) ?: return
                reject(route, index, bad)
            }

            private fun outOfBounds(param: Param, value: Long) = outOfBounds(param, value, "\"$value\"")

            private fun checkString(route: Int, index: Int, param: Param, value: String) {
                val bad = valueProblem(param, value) ?: pathProblem(param, value) ?: return
                reject(route, index, bad)
            }

            /** Whether [value] has only plain ASCII characters and a length within the bounds, and
             * is not '.' or '..' in a path parameter: then it fits, with no need for valueProblem
             * or pathProblem. */
            private fun isPlain(param: Param, value: String): Boolean {
                val plain = param.plain
                val length = value.length
                if (length < param.min || length > param.max) return false
                for (index in 0 until length) {
                    val unit = value[index]
                    if (unit >= '\u0080' || !plain[unit - '\u0000']) return false
                }
                return !param.inPath || length > 2 || (value != "." && value != "..")
            }

            private fun reject(route: Int, index: Int, bad: Bad) {
                val target = ROUTES[route]
                throw IllegalArgumentException("parameter '${target.params[index].name}' of route '${target.name}' ${bad.sentence}")
            }

            private fun valueProblem(param: Param, value: String): Bad? {
                if (param.kind != STRING_KIND) return null
                var index = 0
                var scalars = 0L
                val allowed = param.allowed
                val plain = param.plain
                while (index < value.length) {
                    val unit = value[index]
                    if (unit < '\u0080' && plain[unit - '\u0000']) {
                        scalars++
                        index++
                        continue
                    }
                    val scalar = value.codePointAt(index)
                    if (scalar >= 0xD800 && scalar <= 0xDFFF) return invalid("is not valid UTF-16 text (it has an unpaired surrogate)")
                    // Rare characters take the byte path, which words LinkKit's message.
                    if (isForbidden(scalar) || (allowed != null && !inRanges(allowed, scalar))) break
                    scalars++
                    index += Character.charCount(scalar)
                }
                if (index == value.length && scalars >= param.min && scalars <= param.max) return null
                val bytes = value.toByteArray(Charsets.UTF_8)
                return stringProblem(param, bytes, 0, bytes.size)
            }

            private fun inRanges(ranges: IntArray, scalar: Int): Boolean {
                var index = 0
                while (index < ranges.size) {
                    if (scalar >= ranges[index] && scalar <= ranges[index + 1]) return true
                    index += 2
                }
                return false
            }

            /** The 8-4-4-4-12 form in either case, or null: the hex digits read straight into the
             * UUID's two halves. */
            fun uuid(bytes: ByteArray, start: Int, count: Int): java.util.UUID? {
                if (count != 36 || bytes[start + 8] != DASH || bytes[start + 13] != DASH ||
                    bytes[start + 18] != DASH || bytes[start + 23] != DASH
                ) {
                    return null
                }
                val time = hexDigits(bytes, start, 8)
                val middle = hexDigits(bytes, start + 9, 4)
                val version = hexDigits(bytes, start + 14, 4)
                val variant = hexDigits(bytes, start + 19, 4)
                val node = hexDigits(bytes, start + 24, 12)
                if (time < 0 || middle < 0 || version < 0 || variant < 0 || node < 0) return null
                return java.util.UUID((time shl 32) or (middle shl 16) or version, (variant shl 48) or node)
            }

            /** The value of [count] (at most 15) hex digits, or -1. */
            private fun hexDigits(bytes: ByteArray, start: Int, count: Int): Long {
                var value = 0L
                for (index in start until start + count) {
                    val digit = HEX_VALUES[bytes[index].toInt() and 0xFF]
                    if (digit < 0) return -1
                    value = (value shl 4) or digit.toLong()
                }
                return value
            }

            private val HEX_VALUES = IntArray(256) { hex(it.toByte()) }

            private const val DASH: Byte = 0x2D

            /** A decimal integer with an optional leading '-' (at most 20 digits); null on any other
             * character or overflow. */
            private fun parseLong(bytes: ByteArray, start: Int, count: Int): Long? {
                val negative = count > 0 && bytes[start] == DASH
                var index = if (negative) 1 else 0
                if (index >= count || count - index > 20) return null
                var result = 0L
                while (index < count) {
                    val digit = bytes[start + index] - 48
                    if (digit < 0 || digit > 9) return null
                    if (result < -922337203685477580L || (result == -922337203685477580L && digit > 8)) return null
                    result = result * 10 - digit
                    index++
                }
                if (negative) return result
                if (result == Long.MIN_VALUE) return null
                return -result
            }

            private fun isDecimal(bytes: ByteArray, start: Int, count: Int): Boolean {
                val first = if (count > 0 && bytes[start] == DASH) 1 else 0
                if (first >= count) return false
                for (index in first until count) {
                    val digit = bytes[start + index] - 48
                    if (digit < 0 || digit > 9) return false
                }
                return true
            }

            // MARK: Bytes and scalars

            fun hex(byte: Byte): Int {
                val value = byte.toInt()
                if (value >= 0x30 && value <= 0x39) return value - 0x30
                if (value >= 0x41 && value <= 0x46) return value - 0x37
                if (value >= 0x61 && value <= 0x66) return value - 0x57
                return -1
            }

            fun isLetter(byte: Int) = (byte or 0x20) >= 0x61 && (byte or 0x20) <= 0x7A

            fun isDigit(byte: Int) = byte >= 0x30 && byte <= 0x39

            fun isSchemeByte(byte: Int) = isLetter(byte) || isDigit(byte) || byte == 0x2B || byte == 0x2D || byte == 0x2E

            fun equalBytes(bytes: ByteArray, start: Int, count: Int, expected: ByteArray): Boolean {
                if (count != expected.size) return false
                for (index in 0 until count) if (bytes[start + index] != expected[index]) return false
                return true
            }

            /** The scalar of the strict UTF-8 sequence at index (before end), or -1. */
            fun scalarAt(bytes: ByteArray, index: Int, end: Int): Int {
                val first = bytes[index].toInt() and 0xFF
                if (first < 0x80) return first
                val count: Int
                var lowest = 0x80
                var highest = 0xBF
                var scalar: Int
                when {
                    first in 0xC2..0xDF -> { count = 1; scalar = first and 0x1F }
                    first in 0xE0..0xEF -> {
                        count = 2
                        scalar = first and 0x0F
                        if (first == 0xE0) lowest = 0xA0
                        if (first == 0xED) highest = 0x9F
                    }
                    first in 0xF0..0xF4 -> {
                        count = 3
                        scalar = first and 0x07
                        if (first == 0xF0) lowest = 0x90
                        if (first == 0xF4) highest = 0x8F
                    }
                    else -> return -1
                }
                if (index + count >= end) return -1
                for (offset in 1..count) {
                    val byte = bytes[index + offset].toInt() and 0xFF
                    if (byte < (if (offset == 1) lowest else 0x80) || byte > (if (offset == 1) highest else 0xBF)) return -1
                    scalar = (scalar shl 6) or (byte and 0x3F)
                }
                return scalar
            }

            fun width(scalar: Int) = if (scalar < 0x80) 1 else if (scalar < 0x800) 2 else if (scalar < 0x10000) 3 else 4

            fun isForbidden(scalar: Int): Boolean {
                if (scalar >= 0x20 && scalar < 0x7F) return false
                return inRanges(FORBIDDEN, scalar)
            }

            /** U+202E. */
            fun scalarName(scalar: Int): String {
                var digits = 4
                while (digits < 8 && scalar >= (1 shl (4 * digits))) digits++
                val name = StringBuilder("U+")
                for (shift in digits - 1 downTo 0) name.append(HEX[(scalar shr (4 * shift)) and 15])
                return name.toString()
            }

            private fun shown(bytes: ByteArray, start: Int, count: Int) =
                "\"" + sanitized(String(bytes, start, count, Charsets.UTF_8)) + "\""

            /** The text shortened to 60 scalars, forbidden ones shown as <U+XXXX>. */
            private fun sanitized(text: String): String {
                val result = StringBuilder()
                var index = 0
                var count = 0
                while (index < text.length) {
                    if (count == 60) {
                        result.append('…')
                        break
                    }
                    val scalar = text.codePointAt(index)
                    if (isForbidden(scalar)) result.append('<').append(scalarName(scalar)).append('>')
                    else result.appendCodePoint(scalar)
                    index += Character.charCount(scalar)
                    count++
                }
                return result.toString()
            }

            // MARK: Building

            /** Appends the text percent-encoded as LinkKit encodes every value: all UTF-8 bytes but
             * A-Z a-z 0-9 - . _ ~ as %XX with upper-case hex. */
            fun encode(builder: StringBuilder, text: String) {
                var index = 0
                while (index < text.length) {
                    val scalar = text.codePointAt(index)
                    if (scalar < 0x80 && UNRESERVED[scalar]) {
                        builder.append(text[index])
                    } else if (scalar < 0x80) {
                        escape(builder, scalar)
                    } else if (scalar < 0x800) {
                        escape(builder, 0xC0 or (scalar shr 6))
                        escape(builder, 0x80 or (scalar and 0x3F))
                    } else if (scalar < 0x10000) {
                        escape(builder, 0xE0 or (scalar shr 12))
                        escape(builder, 0x80 or ((scalar shr 6) and 0x3F))
                        escape(builder, 0x80 or (scalar and 0x3F))
                    } else {
                        escape(builder, 0xF0 or (scalar shr 18))
                        escape(builder, 0x80 or ((scalar shr 12) and 0x3F))
                        escape(builder, 0x80 or ((scalar shr 6) and 0x3F))
                        escape(builder, 0x80 or (scalar and 0x3F))
                    }
                    index += Character.charCount(scalar)
                }
            }

            fun encoded(text: String): String {
                val builder = StringBuilder(text.length + 16)
                encode(builder, text)
                return builder.toString()
            }

            private fun escape(builder: StringBuilder, byte: Int) {
                builder.append('%').append(HEX[byte shr 4]).append(HEX[byte and 15])
            }

            /** The link, after checking it is no longer than the parser reads. */
            fun finish(builder: StringBuilder, kind: String, route: String): String {
                if (builder.length > MAX_LENGTH) {
                    throw IllegalStateException(
                        "the $kind link to route '$route' would be ${builder.length} bytes; links are at most " +
                            "$MAX_LENGTH bytes, the most the parser reads"
                    )
                }
                return builder.toString()
            }
    """#
}
