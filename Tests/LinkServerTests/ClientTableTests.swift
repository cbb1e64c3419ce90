import Foundation
import HTTPTypes
import LinkPages
import LinkgenTestSupport
import Testing

@testable import LinkServer

/// The in-app browser table, the crawler table and the platform rules: a test per row, with
/// user agents as the apps send them.
@Suite(.blockingWork)
struct ClientTableTests {
  /// For each in-app browser row: user agents on iOS and on Android (empty when the app does
  /// not exist there or has no recognisable webview).
  static let samples: [String: (ios: [String], android: [String])] = [
    "instagram": (
      [
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 385.0.0.47.74 (iPhone16,2; iOS 18_6; en_US; en; scale=3.00; 1290x2796; 758947185; IABMV/1)"
      ],
      [
        "Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/AP2A.240805.005; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/127.0.6533.103 Mobile Safari/537.36 Instagram 343.0.0.33.101 Android (34/14; 420dpi; 1080x2205; Google/google; Pixel 8; shiba; shiba; en_US; 628553154)"
      ]
    ),
    "messenger": (
      [
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/MessengerForiOS;FBAV/470.0.0.41.109;FBBV/619434357;FBDV/iPhone15,3;FBMD/iPhone;FBSN/iOS;FBSV/18.6;FBSS/3;FBCR/;FBID/phone;FBLC/en_US;FBOP/5]"
      ],
      [
        "Mozilla/5.0 (Linux; Android 13; SM-A536B Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/126.0.6478.122 Mobile Safari/537.36 [FB_IAB/Orca-Android;FBAV/465.0.0.28.109;]"
      ]
    ),
    "facebook": (
      [
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/520.0.0.38.101;FBDV/iPhone16,2;FBMD/iPhone;FBSN/iOS;FBSV/18.6;FBSS/3;FBID/phone;FBLC/en_US;FBOP/80]"
      ],
      [
        "Mozilla/5.0 (Linux; Android 14; SM-S918B Build/UP1A.231005.007; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/127.0.6533.103 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/478.0.0.41.86;]"
      ]
    ),
    "tiktok": (
      [
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 musical_ly_40.1.0 JsSdk/2.0 NetType/WIFI Channel/App Store ByteLocale/en Region/US"
      ],
      [
        "Mozilla/5.0 (Linux; Android 14; Pixel 7 Build/AP2A.240805.005; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/127.0.6533.103 Mobile Safari/537.36 trill_360104 JsSdk/1.0 NetType/WIFI Channel/googleplay AppName/musical_ly app_version/36.1.4 ByteLocale/en ByteFullLocale/en Region/US BytedanceWebview/d8a21c6"
      ]
    ),
    "line": (
      [
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Safari Line/14.10.0"
      ],
      [
        "Mozilla/5.0 (Linux; Android 14; SM-G991N Build/UP1A.231005.007; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/126.0.6478.134 Mobile Safari/537.36 Line/14.11.1/IAB"
      ]
    ),
    "kakaotalk": (
      [
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 KAKAOTALK 25.6.0"
      ],
      [
        "Mozilla/5.0 (Linux; Android 14; SM-S921N Build/UP1A.231005.007; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/126.0.6478.134 Mobile Safari/537.36;KAKAOTALK 2410600"
      ]
    ),
    "gmail": (
      [
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) GSA/380.0.800712233 Mobile/15E148 Safari/604.1"
      ],
      [
        "Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/AP2A.240805.005; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/127.0.6533.103 Mobile Safari/537.36 GSA/15.32.38.29.arm64"
      ]
    ),
    "naver": (
      [
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 NAVER(inapp; search; 2000; 12.8.1; 15PRO)"
      ],
      [
        "Mozilla/5.0 (Linux; Android 14; SM-S921N Build/UP1A.231005.007; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/126.0.6478.134 Mobile Safari/537.36 NAVER(inapp; search; 2000; 12.8.1)"
      ]
    ),
    "snapchat": (
      [
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Snapchat/13.20.0.39 (like Safari/8619.1.26.30.4, panda)"
      ],
      [
        "Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/AP2A.240805.005; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/127.0.6533.103 Mobile Safari/537.36 Snapchat/13.10.0.44 (like Chrome/127.0.6533.103)"
      ]
    ),
    "wechat": (
      [
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.50(0x1800322d) NetType/WIFI Language/zh_CN"
      ],
      [
        "Mozilla/5.0 (Linux; Android 14; 23127PN0CC Build/UKQ1.230804.001; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/118.0.0.0 Mobile Safari/537.36 XWEB/1160065 MMWEBSDK/20240404 MMWEBID/1234 MicroMessenger/8.0.49.2600(0x2800313D) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64"
      ]
    ),
    "linkedin": (
      [
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [LinkedInApp]/9.30.2310"
      ],
      [
        "Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/AP2A.240805.005; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/127.0.6533.103 Mobile Safari/537.36 [LinkedInApp]/4.1.981"
      ]
    ),
  ]

  @Test func everyInAppRowHasSamples() {
    #expect(Set(Self.samples.keys) == Set(InAppBrowser.all.map(\.id)))
    #expect(Set(InAppBrowser.all.map(\.id)).count == InAppBrowser.all.count)
    for required in ["instagram", "facebook", "tiktok", "line", "kakaotalk", "gmail"] {
      #expect(InAppBrowser.all.contains { $0.id == required }, "\(required) is a required row")
    }
  }

  /// Each row: its user agents are recognised as that browser on that platform, get the
  /// in-app page, and that page offers the row's escape (built from the universal link).
  @Test(arguments: InAppBrowser.all)
  func inAppBrowserRow(_ browser: InAppBrowser) throws {
    let samples = try #require(Self.samples[browser.id])
    for (platform, agents, escape) in [
      (ClientClassification.Platform.ios, samples.ios, browser.iosEscape),
      (.android, samples.android, browser.androidEscape),
    ] {
      for agent in agents {
        let client = ClientClassification(userAgent: agent, method: .get)
        #expect(client.inAppBrowser == browser, "\(agent)")
        #expect(client.platform == platform, "\(agent)")
        #expect(client.crawler == nil && !client.isBot)
        let index = try #require(InAppBrowser.all.firstIndex(of: browser))
        #expect(client.page == .inApp(index: index, platform: platform))
        let html = try Pages.render(client)
        #expect(html.contains("id=\"in-app\""))
        #expect(html.contains("\(browser.name)’s browser"))
        #expect(html.contains("id=\"copy-link\" readonly value=\"\(Pages.link)\""))
        if let escape {
          let expected = escape.link(for: Pages.link).replacingOccurrences(of: "&", with: "&amp;")
          #expect(html.contains("id=\"escape\" href=\"\(expected)\""), "\(browser.id) \(platform)")
        } else {
          #expect(!html.contains("id=\"escape\""), "\(browser.id) \(platform)")
        }
      }
    }
  }

  /// A user agent for each crawler row, as the service sends it.
  static let crawlerSamples: [(String, String)] = [
    ("facebook", "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)"),
    ("facebook", "facebookexternalhit/1.1 Facebot Twitterbot/1.0"),  // iMessage previews
    ("facebook", "facebookcatalog/1.0"),
    ("facebook", "Mozilla/5.0 (compatible; Facebot/1.0)"),
    ("twitter", "Twitterbot/1.0"),
    ("slack", "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)"),
    ("slack", "Slack-ImgProxy (+https://api.slack.com/robots)"),
    ("whatsapp", "WhatsApp/2.23.20.0 A"),
    ("discord", "Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)"),
    (
      "linkedin",
      "LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)"
    ),
    ("telegram", "TelegramBot (like TwitterBot)"),
    ("kakaotalk", "kakaotalk-scrap/1.0; +https://devtalk.kakao.com/t/scrap/33984"),
    ("line", "Mozilla/5.0 (compatible; line-poker/1.0)"),
    ("mastodon", "http.rb/5.1.1 (Mastodon/4.2.0; +https://mastodon.social/)"),
    ("bluesky", "Mozilla/5.0 (compatible; Bluesky Cardyb/1.1; +mailto:support@bsky.app)"),
    ("skype", "Mozilla/5.0 (Windows NT 6.1; WOW64) SkypeUriPreview Preview/0.5"),
    (
      "teams",
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/51.0.2704.79 Safari/537.36 Edge/14.14393 MicrosoftPreview/2.0"
    ),
    ("pinterest", "Pinterestbot/1.0 (+http://www.pinterest.com/bot.html)"),
    ("reddit", "Mozilla/5.0 (compatible; redditbot/1.0; +http://www.reddit.com/feedback)"),
    (
      "snapchat",
      "Mozilla/5.0 (compatible; Snap URL Preview Service; bot; snapchat; https://developers.snap.com/robots)"
    ),
    ("vk", "Mozilla/5.0 (compatible; vkShare; +http://vk.com/dev/Share)"),
    ("embedly", "Mozilla/5.0 (compatible; Embedly/0.2; +http://support.embed.ly/)"),
    ("iframely", "Iframely/1.3.1 (+https://iframely.com/docs/about)"),
    (
      "google-chat",
      "Mozilla/5.0 (compatible; Google-PageRenderer Google (+https://developers.google.com/+/web/snippet/))"
    ),
    (
      "apple",
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15 (Applebot/0.1; +http://www.apple.com/go/applebot)"
    ),
    ("apple-aasa", "AASA-Bot/1.0.0"),
    ("apple-swcd", "swcd (unknown version) CFNetwork/1568.100.1 Darwin/24.0.0"),
    ("google-digital-asset-links", "Google-Digital-Asset-Links/1.0"),
    ("google", "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"),
    ("google", "Mozilla/5.0 (compatible; Google-InspectionTool/1.0;)"),
    ("bing", "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)"),
    ("naver", "Mozilla/5.0 (compatible; Yeti/1.1; +https://naver.me/spd)"),
    ("daum", "Mozilla/5.0 (compatible; Daum/4.1; +https://cs.daum.net/faq/15/4118.html) DaumOa"),
    ("yandex", "Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)"),
    ("duckduckgo", "DuckDuckBot/1.1; (+http://duckduckgo.com/duckduckbot.html)"),
    (
      "baidu", "Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)"
    ),
  ]

  @Test func everyCrawlerRowHasASample() {
    #expect(Set(Self.crawlerSamples.map(\.0)) == Set(Crawler.all.map(\.id)))
  }

  @Test(arguments: crawlerSamples)
  func crawlerRow(_ id: String, _ agent: String) throws {
    let client = ClientClassification(userAgent: agent, method: .get)
    let crawler = try #require(client.crawler, "\(agent) is not recognised")
    #expect(crawler.id == id)
    #expect(client.isBot)
    #expect(client.inAppBrowser == nil)
    switch crawler.kind {
    case .preview:
      #expect(client.page == .card)
      #expect(client.botReason == "crawler:\(id)")
    case .search:
      #expect(client.page != .card)
      #expect(client.botReason == "crawler:\(id)")
    case .fetcher:
      #expect(client.botReason == "fetcher:\(id)")
    }
  }

  @Test(arguments: [
    (
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.6 Mobile/15E148 Safari/604.1",
      ClientClassification.Platform.ios, ClientClassification.Page.ios
    ),
    (
      "Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.153 Mobile/15E148 Safari/604.1",
      .ios, .ios
    ),
    (
      "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/137.0.0.0 Mobile Safari/537.36",
      .android, .android
    ),
    (
      "Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-S921B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36",
      .android, .android
    ),
    (
      "Mozilla/5.0 (Android 14; Mobile; rv:128.0) Gecko/128.0 Firefox/128.0", .android,
      .androidFirefox
    ),
    (
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.6 Safari/605.1.15",
      .other, .desktop
    ),
    (
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/137.0.0.0 Safari/537.36",
      .other, .desktop
    ),
    ("curl/8.5.0", .other, .desktop),
    ("", .other, .desktop),
  ])
  func browsersByPlatform(
    _ agent: String,
    _ platform: ClientClassification.Platform,
    _ page: ClientClassification.Page
  ) {
    let client = ClientClassification(userAgent: agent, method: .get)
    #expect(client.platform == platform)
    #expect(client.page == page)
    #expect(client.inAppBrowser == nil && client.crawler == nil && !client.isBot)
  }

  @Test func probesAreBotsWhateverTheirUserAgent() {
    let agent = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_6 like Mac OS X) Safari/604.1"
    #expect(ClientClassification(userAgent: agent, method: .head).botReason == "method:HEAD")
    #expect(ClientClassification(userAgent: agent, method: .options).botReason == "method:OPTIONS")
    #expect(ClientClassification(userAgent: agent, method: .head).page == .ios)
    #expect(ClientClassification(userAgent: nil, method: .get).botReason == nil)
  }

  @Test func onlyTheFirstKilobyteIsRead() {
    let padded = String(repeating: "x", count: 2000) + " Instagram 1.0"
    #expect(ClientClassification(userAgent: padded, method: .get).inAppBrowser == nil)
    let agent = "Instagram 1.0 " + String(repeating: "x", count: 2000)
    #expect(ClientClassification(userAgent: agent, method: .get).inAppBrowser?.id == "instagram")
  }
}
