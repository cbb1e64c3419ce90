import Crypto
import Foundation

/// The console's one stylesheet and one script, and the Content-Security-Policy that allows
/// exactly them: the stylesheet from the console itself, the copy-button script by its hash.
package enum ConsoleAssets {
  /// The stylesheet: light and dark (`prefers-color-scheme`), phone width up. The chart
  /// colours are the Okabe–Ito palette (told apart with every common colour-blindness), a
  /// lighter step of each in dark mode.
  package static let stylesheet = """
    :root{color-scheme:light dark;--bg:#fff;--fg:#1b1b1f;--muted:#5c5f66;--line:#d9dbe0;\
    --card:#f6f7f9;--accent:#0a5cad;--bad:#b3261e;--good:#1b7a3d;--c1:#0072b2;--c2:#e69f00;\
    --c3:#009e73;--c4:#d55e00;--c5:#cc79a7;--c6:#56b4e9}
    @media (prefers-color-scheme:dark){:root{--bg:#121316;--fg:#e6e7ea;--muted:#a3a6ad;\
    --line:#33363d;--card:#1c1e22;--accent:#8cc4ff;--bad:#ffb4ab;--good:#7dd99a;--c1:#56b4e9;\
    --c2:#f0c05a;--c3:#4fd1a5;--c4:#ff8a4c;--c5:#e6a3c8;--c6:#9ad4f5}}
    *{box-sizing:border-box}
    body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI","Noto Sans KR",sans-serif;\
    background:var(--bg);color:var(--fg)}
    header{border-bottom:1px solid var(--line);padding:.5rem 1rem;display:flex;flex-wrap:wrap;\
    gap:.25rem 1rem;align-items:center}
    header .brand{font-weight:700;margin-right:auto}
    header a{color:var(--fg);text-decoration:none;padding:.25rem 0}
    header a[aria-current]{border-bottom:2px solid var(--accent)}
    header form{margin:0}
    main{max-width:1200px;margin:0 auto;padding:1rem}
    h1{font-size:1.5rem;margin:.5rem 0 1rem}h2{font-size:1.1rem;margin:1.5rem 0 .5rem}
    a{color:var(--accent)}
    button,.button{font:inherit;padding:.45rem .9rem;border-radius:6px;border:1px solid var(--accent);\
    background:var(--accent);color:var(--bg);cursor:pointer;text-decoration:none;display:inline-block}
    button.quiet{background:transparent;color:var(--accent)}
    button.danger{background:var(--bad);border-color:var(--bad)}
    input,select{font:inherit;padding:.4rem .5rem;border:1px solid var(--line);border-radius:6px;\
    background:var(--bg);color:var(--fg);max-width:100%}
    label{display:block;font-weight:600;margin:.75rem 0 .25rem}
    label.inline{display:inline;font-weight:400}
    .hint{color:var(--muted);font-size:.875rem;margin:.2rem 0}
    .error{color:var(--bad);font-size:.9rem;margin:.25rem 0}
    .notice{border:1px solid var(--bad);color:var(--bad);padding:.5rem .75rem;border-radius:6px}
    .card{background:var(--card);border:1px solid var(--line);border-radius:8px;padding:1rem}
    .grid{display:grid;gap:1rem;grid-template-columns:repeat(auto-fit,minmax(min(100%,320px),1fr))}
    .totals{display:grid;gap:.75rem;grid-template-columns:repeat(auto-fit,minmax(150px,1fr));\
    margin:1rem 0}
    .total .n{font-size:1.6rem;font-weight:700;font-variant-numeric:tabular-nums}
    .total .d{font-size:.875rem;color:var(--muted)}.up{color:var(--good)}.down{color:var(--bad)}
    table{border-collapse:collapse;width:100%}
    th,td{text-align:left;padding:.35rem .5rem;border-bottom:1px solid var(--line);vertical-align:top}
    td.n,th.n{text-align:right;font-variant-numeric:tabular-nums}
    .scroll{overflow-x:auto}
    .mono,code{font-family:ui-monospace,"SFMono-Regular",Menlo,monospace;font-size:.9em;\
    overflow-wrap:anywhere}
    .range{display:flex;flex-wrap:wrap;gap:.5rem;align-items:end}
    .range label{margin:0;font-weight:400}
    .chart{margin:.5rem 0}.chart svg{width:100%;height:auto;display:block}
    .chart .bar{stroke:none}.chart .axis{stroke:var(--line)}
    .chart text{fill:var(--muted);font-size:11px}
    .m1{fill:var(--c1)}.m2{fill:var(--c2)}.m3{fill:var(--c3)}.m4{fill:var(--c4)}.m5{fill:var(--c5)}\
    .m6{fill:var(--c6)}
    .chart-head{display:flex;justify-content:space-between;gap:1rem;align-items:baseline}
    .chart-head .n{font-weight:700;font-variant-numeric:tabular-nums}
    .qr{background:#fff;padding:8px;border-radius:6px;width:220px;max-width:100%}
    .links dt{font-weight:600;margin-top:.5rem}.links dd{margin:0}
    .pager{margin:1rem 0;display:flex;gap:1rem}
    form.filters{display:flex;flex-wrap:wrap;gap:.5rem;align-items:end;margin-bottom:1rem}
    form.filters label{margin:0;font-weight:400}
    @media (max-width:600px){main{padding:.75rem}.hide-narrow{display:none}}
    """

  /// The copy buttons: a `data-copy` button writes its value to the clipboard. The only script.
  package static let copyScript: StaticString =
    "document.addEventListener('click',function(e){var b=e.target.closest('[data-copy]');if(!b)return;navigator.clipboard.writeText(b.getAttribute('data-copy')).then(function(){b.textContent=b.getAttribute('data-done')})});"

  /// The stylesheet's bytes.
  package static let stylesheetBytes = Array(stylesheet.utf8)

  /// The stylesheet's version: the first 16 hex digits of its SHA-256 (its URL and `ETag`).
  package static let stylesheetVersion: String = {
    SHA256.hash(data: stylesheetBytes).map { String(format: "%02x", $0) }.joined().prefix(16)
      .description
  }()

  /// `'sha256-…'` of the copy script.
  static let scriptHash: String = {
    "'sha256-" + Data(SHA256.hash(data: Array(copyScript.description.utf8))).base64EncodedString()
      + "'"
  }()

  /// The console pages' policy: the console's own stylesheet and images, the copy script by its
  /// hash, forms only to the console, no framing, no `<base>`.
  package static let policy =
    "default-src 'none'; style-src 'self'; img-src 'self'; script-src \(scriptHash); "
    + "form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
}
