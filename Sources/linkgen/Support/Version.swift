/// The version of linkgen: the one place it is written. `linkgen --version` prints it, the
/// top entry of CHANGELOG.md names it (a test checks), and a release is tagged with it.
enum LinkgenVersion {
  static let current = "0.2.0"
}
