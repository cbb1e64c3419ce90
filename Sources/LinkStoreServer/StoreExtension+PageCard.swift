import LinkPages

// In a file of its own: LinkPages and LinkStore both have a `SocialCard`; this file sees only
// the page's.

extension StoreExtension {
  /// An imported link's card (its `st`, `sd`, `si`, checked by the importer) as the landing
  /// page takes it; `nil` when it has none.
  static func pageCard(_ title: String?, _ description: String?, _ image: String?) -> SocialCard? {
    guard title != nil || description != nil || image != nil else { return nil }
    return SocialCard(title: title, description: description, image: image)
  }
}
