/// Why a sheet or a logo code could not be made.
///
/// A failing row is not an error: it is reported with its line (``SheetFailure``) and the other
/// cards go on. Errors name what was wrong and where: the option, the file, the font package to
/// install.
///
/// ```
/// no font of the family 'Noto Sans CJK KR' is installed; Korean text needs it: install the
/// Debian package fonts-noto-cjk
/// ```
public struct PrintError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The kind of failure, for programs that react to it.
  public enum Code: String, Sendable, Hashable, CaseIterable {
    /// The options do not fit together or the route table: an unknown route, cards that do
    /// not fit the paper, a code too dense for the card, a column the route needs.
    case invalidOption
    /// The CSV has no usable header.
    case invalidInput
    /// The CSV, the logo or the templates folder cannot be read.
    case unreadableInput
    /// A card template does not parse, or its markup is not valid Pango markup.
    case invalidTemplate
    /// The logo is not a PNG or SVG image that can be drawn.
    case invalidLogo
    /// The logo would make the code unreadable (see `QRCode.largestLogoSide`).
    case logoTooLarge
    /// A font the cards need is not installed; the message names the package.
    case missingFont
    /// The output file cannot be created (a missing or read-only directory).
    case cannotCreate
    /// Writing the output failed part-way (a full disk, an I/O error); nothing is left behind.
    case writeFailed
    /// cairo, Pango or librsvg failed (out of memory, an internal error).
    case library
  }

  /// The kind of failure.
  public let code: Code
  /// What went wrong, in a sentence for people.
  public let message: String

  /// Creates an error.
  public init(_ code: Code, _ message: String) {
    self.code = code
    self.message = message
  }

  /// The message.
  public var description: String { message }
}
