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
    /// The route table has no route of the name in ``SheetOptions/route``.
    case unknownRoute
    /// The route table does not configure the link in ``SheetOptions/link``.
    case linkNotConfigured
    /// An option is out of range or does not fit the others: cards that do not fit the paper,
    /// a margin too narrow for crop marks, a logo with error correction other than H.
    case invalidOption
    /// The CSV's header is missing, malformed, or names a column twice.
    case invalidHeader
    /// The CSV lacks a column that the route needs.
    case missingColumn
    /// The CSV has more data rows than ``SheetOptions/maximumRows``.
    case tooManyRows
    /// The CSV, the logo or the templates folder cannot be read.
    case unreadableInput
    /// A card template does not resolve or parse.
    case invalidTemplate
    /// The logo is not a PNG or SVG image that can be drawn.
    case invalidLogo
    /// The logo would make the code unreadable (see `QRCode.largestLogoSide`).
    case logoTooLarge
    /// A font the cards need is not installed; the message names the package.
    case missingFont
    /// The output file cannot be created (a missing folder, no permission).
    case cannotCreateOutput
    /// Writing the output failed part-way (a full disk, an I/O error); nothing is left behind.
    case outputIOFailed
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
