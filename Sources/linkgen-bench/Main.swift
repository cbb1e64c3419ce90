/// `swift run -c release linkgen-bench [--quick] [--profile] [case …]`
///
/// Measures linkgen against baselines measured in the same process and prints one
/// `BENCH <case> ns_per_op=<median> baseline_ns_per_op=<median> ratio=<baseline/ours>` line
/// per case. With case names, runs only those.
@main
struct BenchMain {
  static func main() {
    var arguments = Array(CommandLine.arguments.dropFirst())
    if let profile = arguments.firstIndex(of: "--profile") {
      Harness.profiling = true
      arguments.remove(at: profile)
    }
    if let quick = arguments.firstIndex(of: "--quick") {
      Harness.quick = true
      arguments.remove(at: quick)
    }
    let suites: [(names: [String], run: (Set<String>) -> Void)] = [
      (CoreBenchmarks.names, CoreBenchmarks.run),
      (QRBenchmarks.names, QRBenchmarks.run),
      (PageBenchmarks.names, PageBenchmarks.run),
    ]
    let known = Set(suites.flatMap(\.names))
    let selected = arguments.isEmpty ? known : Set(arguments)
    if let unknown = selected.subtracting(known).first {
      print(
        "linkgen-bench: unknown case '\(unknown)'; the cases are \(known.sorted().joined(separator: ", "))"
      )
      return
    }
    for suite in suites where !selected.isDisjoint(with: suite.names) {
      suite.run(selected)
    }
  }
}
