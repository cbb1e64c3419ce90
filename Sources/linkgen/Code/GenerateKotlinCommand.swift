import ArgumentParser
import LinkCodegen

extension Linkgen {
  /// `linkgen generate kotlin --package NAME [--config FILE] [--type-name NAME] [--out FILE]
  /// [--check]`
  struct GenerateKotlin: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "kotlin",
      abstract: "Generate typed Kotlin routes: a sealed class with one subclass per route.",
      discussion: """
        Writes one Kotlin file for Android apps and JVM backends: a sealed class (DeepLink, or \
        --type-name) with one data class per route (an object for a route without \
        parameters) and typed properties (java.util.UUID, Int or Long, String, Boolean, an \
        enum class per enum parameter, nullable or defaulted optional parameters). Every value \
        builds LinkKit's links byte for byte (universalLink(), schemeLink(), links() with the \
        seven links); DeepLink.parse(link) reads a link by LinkKit's rules exactly and returns \
        ParseResult.Success(value, ignored) or ParseResult.Failure(code, message), whose \
        LinkErrorCode constants are LinkKit's LinkError.Code names; \
        DeepLink.fromInstallReferrer(referrer) reads the deep link a Play install referrer \
        carries.

        The file needs Kotlin 1.3 or later and only the standard library and java.util: no \
        android.* class, no reflection, no dependency (Android API 21 or later, any JVM). It \
        also declares ParseResult, LinkErrorCode and LinkSet, so put one generated file per \
        package. Names follow generate swift's: shared-checklist → SharedChecklist, an enum \
        parameter's class is ChecklistLayout; Kotlin keywords are escaped with backticks.

        The same table always gives the same file, byte for byte; run with --check in CI to \
        keep a checked-in file in step with its table. See docs/android.md.

        Examples:
          linkgen generate kotlin --package com.example.openlist \\
              --out app/src/main/java/com/example/openlist/DeepLink.kt
          linkgen generate kotlin --config Examples/photos/linkgen.json \\
              --package com.example.photos --type-name PhotosLink --out PhotosLink.kt --check

        Exit status: 0 on success, 64 for a usage error, 65 for a broken table, names that \
        cannot be generated, or (with --check) a file that is out of date, 66 when the table \
        cannot be read, 73 when the file cannot be written.
        """
    )

    @OptionGroup var table: TableOptions

    @Option(
      name: .customLong("package"),
      help: ArgumentHelp(
        "The Kotlin package of the file (com.example.openlist).",
        valueName: "name"
      )
    )
    var packageName: String

    @Option(
      name: .customLong("type-name"),
      help: ArgumentHelp("The name of the generated sealed class.", valueName: "name")
    )
    var typeName: String = KotlinGenerator.defaultTypeName

    @Option(
      name: .long,
      help: ArgumentHelp(
        "Write to this file (atomically, and only when it changes) instead of standard output.",
        valueName: "file"
      ),
      completion: .file(extensions: ["kt"])
    )
    var out: String?

    @Flag(
      help: "Write nothing; fail (status 65) when --out's file is not what the table generates."
    )
    var check = false

    func validate() throws {
      if let problem = KotlinGenerator.typeNameProblem(typeName) {
        throw ValidationError("--type-name: \(problem)")
      }
      if let problem = KotlinGenerator.packageNameProblem(packageName) {
        throw ValidationError("--package: \(problem)")
      }
      if check && out == nil {
        throw ValidationError("--check compares a file with what the table generates; add --out")
      }
    }

    func run() throws {
      // Loading first reports a missing or broken table as every command does.
      _ = try table.load()
      let source = try KotlinGenerator.generate(
        contentsOf: table.config,
        packageName: packageName,
        typeName: typeName
      )
      try GeneratedOutput.deliver(source, to: out, check: check)
    }
  }
}
