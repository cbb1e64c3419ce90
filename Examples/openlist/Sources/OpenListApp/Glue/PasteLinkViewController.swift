// UIKit glue (iOS 16+): compiled on iOS only. A UIPasteControl reads the pasteboard when the
// user taps it, without the paste prompt; the text goes to LinkInbox.pasted(_:), which
// accepts exactly one link of this app and nothing else.
#if canImport(UIKit)
  import UIKit
  import UniformTypeIdentifiers

  final class PasteLinkViewController: UIViewController {
    let inbox: LinkInbox

    init(inbox: LinkInbox) {
      self.inbox = inbox
      super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { nil }

    override func viewDidLoad() {
      super.viewDidLoad()
      pasteConfiguration = UIPasteConfiguration(acceptableTypeIdentifiers: [
        UTType.url.identifier, UTType.plainText.identifier,
      ])
      let configuration = UIPasteControl.Configuration()
      configuration.displayMode = .iconAndLabel
      let control = UIPasteControl(configuration: configuration)
      control.target = self
      control.translatesAutoresizingMaskIntoConstraints = false
      view.addSubview(control)
      NSLayoutConstraint.activate([
        control.centerXAnchor.constraint(equalTo: view.centerXAnchor),
        control.centerYAnchor.constraint(equalTo: view.centerYAnchor),
      ])
    }

    override func paste(itemProviders: [NSItemProvider]) {
      guard let provider = itemProviders.first, provider.canLoadObject(ofClass: String.self)
      else { return }
      _ = provider.loadObject(ofClass: String.self) { [inbox] text, _ in
        guard let text else { return }
        Task { @MainActor in inbox.pasted(text) }
      }
    }
  }
#endif
