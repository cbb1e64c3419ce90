// SwiftUI glue: compiled on Apple platforms only. In a SwiftUI app, onOpenURL receives both
// custom-scheme links and universal links.
#if canImport(SwiftUI) && canImport(UIKit)
  import SwiftUI

  struct RootView: View {
    @State private var path: [Screen] = []
    let router = LinkRouter(isSignedIn: true)

    var body: some View {
      NavigationStack(path: $path) {
        Text("OpenList")
          .navigationDestination(for: Screen.self) { screen in Text(String(describing: screen)) }
      }
      .onOpenURL { url in
        switch router.decision(for: url) {
        case .navigate(let screen): path.append(screen)
        case .confirm, .signIn, .reject: break  // present the prompt, sign-in, or nothing
        }
      }
    }
  }
#endif
