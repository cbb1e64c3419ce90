import LinkKit

/// The public types every generated Kotlin file declares beside its sealed class:
/// `ParseResult`, `LinkErrorCode` (LinkKit's `LinkError.Code`, case for case) and `LinkSet`.
/// Their names are the file's API; one generated file per package, so they are declared once.
enum KotlinSupportTypes {
  static func write(typeName: String, into lines: inout [String]) {
    lines += [
      "/**",
      " * What [\(typeName).parse] returns: [Success] with the value and the query items",
      " * its route does not declare (name and value, percent-decoded, in link order), or [Failure]",
      " * with LinkKit's error code and message.",
      " */",
      "sealed class ParseResult<out T> {",
      "    /** The link's value, and the query items its route ignores (such as utm_source). */",
      "    data class Success<out T>(val value: T, val ignored: List<Pair<String, String>>) : ParseResult<T>()",
      "",
      "    /** Why the link was refused: LinkKit's error code, and a sentence naming the problem. */",
      "    data class Failure(val code: LinkErrorCode, val message: String) : ParseResult<Nothing>()",
      "}",
      "",
      "/** Why a link was refused: the cases of LinkKit's `LinkError.Code`, with the same names. */",
      "enum class LinkErrorCode {",
    ]
    let codes = LinkError.Code.allCases
    for (index, code) in codes.enumerated() {
      lines.append("    \(code.rawValue)" + (index == codes.count - 1 ? "" : ","))
    }
    lines += [
      "}",
      "",
      "/**",
      " * The seven links LinkKit builds for one value: the custom-scheme and universal links, the",
      " * App Store pages (null without `app.ios.appStoreID`), the Play Store page whose install",
      " * referrer carries the universal link and the `intent:` link (null without `app.android`),",
      " * and the web fallback.",
      " */",
      "data class LinkSet(",
      "    val scheme: String,",
      "    val universal: String,",
      "    val appStore: String?,",
      "    val appStoreApp: String?,",
      "    val playStore: String?,",
      "    val androidIntent: String?,",
      "    val web: String",
      ")",
    ]
  }

}
