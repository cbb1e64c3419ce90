/// The device a banner or landing page is rendered for, which picks the "Open" link.
///
/// A static page cannot tell the device (it has no script), so ``any`` renders for every
/// device: the custom-scheme link opens the app, and a separate Android link uses the
/// `intent:` form that falls back to the Play Store. A server that reads the user agent renders
/// ``ios`` or ``android`` instead.
public enum Platform: String, Sendable, Hashable, CaseIterable {
  /// Any device: "Open" is the custom-scheme link; both stores are offered.
  case any
  /// iPhone and iPad: "Open" is the custom-scheme link; the App Store is offered.
  case ios
  /// Android: "Open" is the `intent:` link pinned to the app's package, which falls back to the
  /// Play Store when the app is not installed; Google Play is offered.
  case android
}
