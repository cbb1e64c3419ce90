/// Code blocks of a Markdown document, for the tests that compile or run what the docs show.
public enum Markdown {
  /// The fenced code blocks of `text` opened with ```` ```language ````, in order, without
  /// their fences.
  public static func blocks(_ text: String, language: String) -> [String] {
    var blocks: [String] = []
    var current: [Substring]?
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if let lines = current {
        if line.hasPrefix("```") {
          blocks.append(lines.joined(separator: "\n"))
          current = nil
        } else {
          current = lines + [line]
        }
      } else if line == "```\(language)" {
        current = []
      }
    }
    return blocks
  }
}
