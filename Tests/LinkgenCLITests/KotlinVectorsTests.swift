import Foundation
import LinkgenTestSupport
import Testing

/// The generated Kotlin, compiled with kotlinc -Werror beside the harness in Tests/Kotlin, agrees
/// with LinkKit on every shared test vector of both example tables (scripts/kotlin-vectors.sh:
/// generate kotlin → kotlinc → generate test-vectors → the harness on the JVM).
@Suite(.serialized)
struct KotlinVectorsTests {
  static let available =
    ProcessRunner.find(["kotlinc"]) != nil && ProcessRunner.find(["java"]) != nil

  @Test(
    .enabled(
      if: available,
      "kotlinc or java is not installed (apt-get install kotlin default-jdk-headless); skipping"
    )
  )
  func generatedKotlinAgreesWithLinkKit() throws {
    let script = Linkgen.packageRoot.appendingPathComponent("scripts/kotlin-vectors.sh")
    let result = try ProcessRunner.run(
      URL(fileURLWithPath: "/bin/bash"),
      [script.path, "--generated", "500"],
      in: Linkgen.packageRoot,
      environment: ["LINKGEN": Linkgen.executable.path],
      timeout: 900
    )
    #expect(result.status == 0, "\(result.output)\n\(result.error)")
    // Both tables were checked, and every vector agreed.
    let summaries = result.output.split(separator: "\n").filter {
      $0.hasSuffix("differences from LinkKit")
    }
    #expect(summaries.count == 2, "\(result.output)")
    #expect(summaries.allSatisfy { $0.hasSuffix(" 0 differences from LinkKit") })
  }
}
