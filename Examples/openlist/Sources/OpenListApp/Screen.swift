import Foundation

/// The screens a link can open in OpenList.
enum Screen: Hashable, Sendable {
  case home
  case checklist(UUID, layout: DeepLink.ChecklistLayout, showDone: Bool, page: Int)
  case checklistItem(list: UUID, item: Int)
  case acceptInvite(code: String, role: DeepLink.InviteRole)
  case search(String, from: String?)
}
