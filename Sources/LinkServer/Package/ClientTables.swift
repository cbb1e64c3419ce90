package import LinkPages

/// One in-app browser of the playbook (docs/serve.md, "In-app browsers"): how to recognise it
/// and how its landing page helps the visitor out of it. The table is data: add a row, and a
/// test for it, to support another app.
package struct InAppBrowser: Sendable, Hashable {
  /// A stable identifier, for statistics (`instagram`).
  package let id: String
  /// The name the page shows ("Instagram").
  package let name: String
  /// Lower-case substrings of the user agent, any of which identifies the browser.
  package let tokens: [String]
  /// How the iOS page leaves the browser, if a way is known.
  package let iosEscape: BrowserEscape?
  /// How the Android page leaves the browser, if a way is known.
  package let androidEscape: BrowserEscape?
  /// Where the strategy comes from, or what is uncertain about it.
  package let note: String

  /// The rows, checked in order (Messenger before Facebook, whose tokens it shares).
  package static let all: [InAppBrowser] = [
    InAppBrowser(
      id: "instagram",
      name: "Instagram",
      tokens: ["instagram"],
      iosEscape: .instagram,
      androidEscape: .chrome,
      note: "instagram://extbrowser/ opens Safari (verified 2026, breaks now and then); "
        + "Android webviews ignore browser_fallback_url, so the link stays visible"
    ),
    InAppBrowser(
      id: "messenger",
      name: "Messenger",
      tokens: ["fban/messenger", "messengerforios", "orca-android"],
      iosEscape: .safari,
      androidEscape: .chrome,
      note: "Meta's webview, as Facebook"
    ),
    InAppBrowser(
      id: "facebook",
      name: "Facebook",
      tokens: ["fban/", "fbav/", "fb_iab", "fbios"],
      iosEscape: .safari,
      androidEscape: .chrome,
      note: "x-safari-https: (iOS 17+); intent: link to Chrome on Android"
    ),
    InAppBrowser(
      id: "tiktok",
      name: "TikTok",
      tokens: ["musical_ly", "tiktok", "bytedancewebview", "bytelocale"],
      iosEscape: nil,
      androidEscape: nil,
      note: "no escape known: copy the link, or the app's Open in browser menu"
    ),
    InAppBrowser(
      id: "line",
      name: "LINE",
      tokens: [" line/"],
      iosEscape: .line,
      androidEscape: .line,
      note: "LINE opens a link with openExternalBrowser=1 in the system browser (its docs)"
    ),
    InAppBrowser(
      id: "kakaotalk",
      name: "KakaoTalk",
      tokens: ["kakaotalk"],
      iosEscape: .kakaoTalk,
      androidEscape: .kakaoTalk,
      note: "kakaotalk://web/openExternal?url= opens the system browser"
    ),
    InAppBrowser(
      id: "gmail",
      name: "Gmail",
      tokens: ["gmail", "gsa/"],
      iosEscape: nil,
      androidEscape: .chrome,
      note: "Gmail and the Google app: universal links often do not fire on iOS, so the page's "
        + "Open button and the copy field; the intent link works on Android"
    ),
    InAppBrowser(
      id: "naver",
      name: "NAVER",
      tokens: ["naver(inapp"],
      iosEscape: .safari,
      androidEscape: .chrome,
      note: "NAVER app's webview; our reading, not verified"
    ),
    InAppBrowser(
      id: "snapchat",
      name: "Snapchat",
      tokens: ["snapchat"],
      iosEscape: .safari,
      androidEscape: .chrome,
      note: "our reading, not verified"
    ),
    InAppBrowser(
      id: "wechat",
      name: "WeChat",
      tokens: ["micromessenger"],
      iosEscape: nil,
      androidEscape: nil,
      note: "WeChat blocks app and browser switches: copy the link"
    ),
    InAppBrowser(
      id: "linkedin",
      name: "LinkedIn",
      tokens: ["linkedinapp"],
      iosEscape: .safari,
      androidEscape: .chrome,
      note: "our reading, not verified"
    ),
  ]
}

/// A program that fetches links without a person behind it: a link-preview crawler (gets the
/// Open Graph card), a search crawler (gets the ordinary page) or an association-file fetcher.
/// Matched by lower-case substrings of the user agent; none of them is ever a click.
package struct Crawler: Sendable, Hashable {
  /// What the program does with the page.
  package enum Kind: String, Sendable, Hashable, CaseIterable {
    /// Builds a link preview from the Open Graph tags: gets the card.
    case preview
    /// Indexes pages for search: gets the desktop page, like a person would.
    case search
    /// Apple's and Google's association-file fetchers.
    case fetcher
  }

  /// A stable identifier, for statistics (`facebook`).
  package let id: String
  /// The lower-case substring that identifies it.
  package let token: String
  /// What it does.
  package let kind: Kind

  /// The rows, checked in order; the first match wins.
  package static let all: [Crawler] = [
    // Also iMessage's previews, which send "facebookexternalhit/1.1 Facebot Twitterbot/1.0",
    // and LINE's ("facebookexternalhit/1.1;line-poker/1.0").
    Crawler(id: "facebook", token: "facebookexternalhit", kind: .preview),
    Crawler(id: "facebook", token: "facebookcatalog", kind: .preview),
    Crawler(id: "facebook", token: "facebot", kind: .preview),
    // Before Twitterbot: Telegram says "TelegramBot (like TwitterBot)".
    Crawler(id: "telegram", token: "telegrambot", kind: .preview),
    Crawler(id: "twitter", token: "twitterbot", kind: .preview),
    Crawler(id: "slack", token: "slackbot", kind: .preview),
    Crawler(id: "slack", token: "slack-imgproxy", kind: .preview),
    Crawler(id: "whatsapp", token: "whatsapp", kind: .preview),
    Crawler(id: "discord", token: "discordbot", kind: .preview),
    Crawler(id: "linkedin", token: "linkedinbot", kind: .preview),
    Crawler(id: "kakaotalk", token: "kakaotalk-scrap", kind: .preview),
    Crawler(id: "line", token: "line-poker", kind: .preview),
    Crawler(id: "mastodon", token: "mastodon", kind: .preview),
    Crawler(id: "bluesky", token: "cardyb", kind: .preview),
    Crawler(id: "skype", token: "skypeuripreview", kind: .preview),
    Crawler(id: "teams", token: "microsoftpreview", kind: .preview),
    Crawler(id: "pinterest", token: "pinterestbot", kind: .preview),
    Crawler(id: "reddit", token: "redditbot", kind: .preview),
    Crawler(id: "snapchat", token: "snap url preview", kind: .preview),
    Crawler(id: "vk", token: "vkshare", kind: .preview),
    Crawler(id: "embedly", token: "embedly", kind: .preview),
    Crawler(id: "iframely", token: "iframely", kind: .preview),
    Crawler(id: "google-chat", token: "google-pagerenderer", kind: .preview),
    Crawler(id: "apple", token: "applebot", kind: .preview),
    Crawler(id: "apple-aasa", token: "aasa-bot", kind: .fetcher),
    Crawler(id: "apple-swcd", token: "swcd", kind: .fetcher),
    Crawler(id: "google-digital-asset-links", token: "google-digital-asset-links", kind: .fetcher),
    Crawler(id: "google", token: "googlebot", kind: .search),
    Crawler(id: "google", token: "google-inspectiontool", kind: .search),
    Crawler(id: "bing", token: "bingbot", kind: .search),
    Crawler(id: "naver", token: "yeti/", kind: .search),
    Crawler(id: "daum", token: "daumoa", kind: .search),
    Crawler(id: "yandex", token: "yandexbot", kind: .search),
    Crawler(id: "duckduckgo", token: "duckduckbot", kind: .search),
    Crawler(id: "baidu", token: "baiduspider", kind: .search),
  ]
}
