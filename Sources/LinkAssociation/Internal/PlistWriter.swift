/// Writes XML property lists the way Xcode does (tabs, `<true/>`), with every string escaped.
enum PlistWriter {
  indirect enum Value {
    case dictionary([(String, Value)])
    case array([Value])
    case string(String)
    case bool(Bool)
  }

  static func document(_ root: Value, comments: [String] = []) -> String {
    var lines = [
      #"<?xml version="1.0" encoding="UTF-8"?>"#,
      #"<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">"#,
    ]
    lines += comments.map { "<!-- " + XMLText.comment($0) + " -->" }
    lines.append(#"<plist version="1.0">"#)
    write(root, level: 0, into: &lines)
    lines.append("</plist>")
    return lines.joined(separator: "\n")
  }

  private static func write(_ value: Value, level: Int, into lines: inout [String]) {
    let pad = String(repeating: "\t", count: level)
    switch value {
    case .dictionary(let members):
      lines.append(pad + "<dict>")
      for (key, member) in members {
        lines.append(pad + "\t<key>" + XMLText.text(key) + "</key>")
        write(member, level: level + 1, into: &lines)
      }
      lines.append(pad + "</dict>")
    case .array(let elements):
      lines.append(pad + "<array>")
      for element in elements { write(element, level: level + 1, into: &lines) }
      lines.append(pad + "</array>")
    case .string(let string):
      lines.append(pad + "<string>" + XMLText.text(string) + "</string>")
    case .bool(let bool):
      lines.append(pad + (bool ? "<true/>" : "<false/>"))
    }
  }
}
