// UIKit glue: compiled on iOS only (UIKit does not exist on Linux, where CI builds this
// example). Each method unwraps what the system hands over and passes it to LinkInbox, whose
// logic builds and is tested everywhere.
#if canImport(UIKit)
  import UIKit

  final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?
    lazy var inbox = LinkInbox(router: LinkRouter(isSignedIn: false)) { decision in
      // Connect to the app's navigation: push the screen, present sign-in or a confirmation.
      print("link decision: \(decision)")
    }

    /// The app was not running: the link comes with the connection options.
    func scene(
      _ scene: UIScene,
      willConnectTo session: UISceneSession,
      options connectionOptions: UIScene.ConnectionOptions
    ) {
      if let url = connectionOptions.urlContexts.first?.url {
        inbox.open(url)
      } else if let activity = connectionOptions.userActivities.first {
        inbox.continueActivity(type: activity.activityType, webpageURL: activity.webpageURL)
      }
    }

    /// A custom-scheme link while the app runs or is suspended.
    func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {
      guard let url = URLContexts.first?.url else { return }
      inbox.open(url)
    }

    /// A universal link while the app runs or is suspended.
    func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {
      inbox.continueActivity(type: userActivity.activityType, webpageURL: userActivity.webpageURL)
    }
  }
#endif
