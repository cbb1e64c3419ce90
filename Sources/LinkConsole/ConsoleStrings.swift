import Foundation

/// The console's words, in English and Korean; the language is picked from `Accept-Language`
/// as the landing pages pick theirs (the highest weight wins, English when nothing matches).
package struct ConsoleStrings: Sendable {
  package let language: String
  let title: String
  let overview: String
  let links: String
  let newLink: String
  let signIn: String
  let signOut: String
  let keyLabel: String
  let keyHint: String
  let signInFailed: String
  let tooManyAttempts: String
  let last7: String
  let last30: String
  let last90: String
  let from: String
  let to: String
  let show: String
  let clicks: String
  let visitors: String
  let bots: String
  let storeTaps: String
  let deferredOpens: String
  let scans: String
  let previousPeriod: String
  let topRoutes: String
  let topLinks: String
  let referrers: String
  let platforms: String
  let browsers: String
  let botReasons: String
  let noData: String
  let search: String
  let allRoutes: String
  let code: String
  let route: String
  let created: String
  let nextPage: String
  let exportCSV: String
  let shortLink: String
  let copy: String
  let copied: String
  let universalLink: String
  let schemeLink: String
  let webLink: String
  let expires: String
  let never: String
  let visitLimit: String
  let none: String
  let visits: String
  let qrCode: String
  let downloadPNG: String
  let downloadSVG: String
  let countScans: String
  let deleteLink: String
  let deleteConfirm: String
  let delete: String
  let slug: String
  let optional: String
  let create: String
  let fixFields: String
  let notFound: String
  let day: String
  let chartLabel: String
  let forbidden: String
  let noLinks: String
  let expiresHint: String

  static let english = ConsoleStrings(
    language: "en",
    title: "linkgen console",
    overview: "Overview",
    links: "Links",
    newLink: "New link",
    signIn: "Sign in",
    signOut: "Sign out",
    keyLabel: "Console key",
    keyHint: "A key made with “linkgen keys create --scope console”.",
    signInFailed: "This key cannot sign in to the console.",
    tooManyAttempts: "Too many sign-in attempts from your address. Wait a minute, then try again.",
    last7: "Last 7 days",
    last30: "Last 30 days",
    last90: "Last 90 days",
    from: "From",
    to: "To",
    show: "Show",
    clicks: "Clicks",
    visitors: "Visitors",
    bots: "Bots",
    storeTaps: "Store taps",
    deferredOpens: "Deferred opens",
    scans: "Scans",
    previousPeriod: "vs the previous period",
    topRoutes: "Top routes",
    topLinks: "Top links",
    referrers: "Referrer hosts",
    platforms: "Platforms",
    browsers: "In-app browsers",
    botReasons: "Bot reasons",
    noData: "Nothing counted in this range.",
    search: "Search",
    allRoutes: "All routes",
    code: "Code",
    route: "Route",
    created: "Created",
    nextPage: "Next page →",
    exportCSV: "Export CSV",
    shortLink: "Short link",
    copy: "Copy",
    copied: "Copied",
    universalLink: "Universal link",
    schemeLink: "Custom scheme",
    webLink: "Web",
    expires: "Expires",
    never: "Never",
    visitLimit: "Visit limit",
    none: "None",
    visits: "Visits",
    qrCode: "QR code",
    downloadPNG: "Download PNG",
    downloadSVG: "Download SVG",
    countScans: "Count scans (the code carries src=qr)",
    deleteLink: "Delete this link",
    deleteConfirm: "Delete it for good? Its counts stay.",
    delete: "Delete",
    slug: "Slug",
    optional: "optional",
    create: "Create",
    fixFields: "Some values are not valid; see the fields below.",
    notFound: "Not found",
    day: "Day",
    chartLabel: "per day",
    forbidden: "This form has expired. Reload the page.",
    noLinks: "No links.",
    expiresHint: "UTC, YYYY-MM-DD or YYYY-MM-DDTHH:MM"
  )

  static let korean = ConsoleStrings(
    language: "ko",
    title: "linkgen 콘솔",
    overview: "개요",
    links: "링크",
    newLink: "새 링크",
    signIn: "로그인",
    signOut: "로그아웃",
    keyLabel: "콘솔 키",
    keyHint: "“linkgen keys create --scope console”로 만든 키입니다.",
    signInFailed: "이 키로는 콘솔에 로그인할 수 없습니다.",
    tooManyAttempts: "이 주소에서 로그인 시도가 너무 많습니다. 1분 뒤에 다시 시도하세요.",
    last7: "최근 7일",
    last30: "최근 30일",
    last90: "최근 90일",
    from: "시작",
    to: "끝",
    show: "보기",
    clicks: "클릭",
    visitors: "방문자",
    bots: "봇",
    storeTaps: "스토어 탭",
    deferredOpens: "지연 열기",
    scans: "스캔",
    previousPeriod: "이전 기간 대비",
    topRoutes: "상위 경로",
    topLinks: "상위 링크",
    referrers: "리퍼러 호스트",
    platforms: "플랫폼",
    browsers: "인앱 브라우저",
    botReasons: "봇 사유",
    noData: "이 기간에 집계된 것이 없습니다.",
    search: "검색",
    allRoutes: "모든 경로",
    code: "코드",
    route: "경로",
    created: "만든 때",
    nextPage: "다음 페이지 →",
    exportCSV: "CSV 내보내기",
    shortLink: "짧은 링크",
    copy: "복사",
    copied: "복사됨",
    universalLink: "유니버설 링크",
    schemeLink: "커스텀 스킴",
    webLink: "웹",
    expires: "만료",
    never: "없음",
    visitLimit: "방문 한도",
    none: "없음",
    visits: "방문",
    qrCode: "QR 코드",
    downloadPNG: "PNG 내려받기",
    downloadSVG: "SVG 내려받기",
    countScans: "스캔 집계 (코드에 src=qr 포함)",
    deleteLink: "이 링크 삭제",
    deleteConfirm: "영구히 삭제할까요? 집계는 남습니다.",
    delete: "삭제",
    slug: "슬러그",
    optional: "선택",
    create: "만들기",
    fixFields: "올바르지 않은 값이 있습니다. 아래 항목을 확인하세요.",
    notFound: "찾을 수 없음",
    day: "날짜",
    chartLabel: "일별",
    forbidden: "이 양식은 만료되었습니다. 페이지를 새로 고치세요.",
    noLinks: "링크가 없습니다.",
    expiresHint: "UTC, YYYY-MM-DD 또는 YYYY-MM-DDTHH:MM"
  )

  /// The strings for an `Accept-Language` header: Korean when `ko` outweighs `en` (and any
  /// other language, which falls back to English).
  package static func choose(_ header: String?) -> ConsoleStrings {
    guard let header else { return english }
    var best = (weight: -1.0, korean: false)
    for item in header.split(separator: ",").prefix(32) {
      let parts = item.split(separator: ";")
      guard let first = parts.first else { continue }
      let tag = first.trimmingCharacters(in: .whitespaces).lowercased()
      var weight = 1.0
      for parameter in parts.dropFirst() {
        let text = parameter.trimmingCharacters(in: .whitespaces)
        if text.hasPrefix("q=") { weight = Double(text.dropFirst(2)) ?? 0 }
      }
      let isKorean = tag == "ko" || tag.hasPrefix("ko-")
      let isEnglish = tag == "en" || tag.hasPrefix("en-")
      guard isKorean || isEnglish, weight > 0, weight > best.weight else { continue }
      best = (weight, isKorean)
    }
    return best.korean ? korean : english
  }
}
