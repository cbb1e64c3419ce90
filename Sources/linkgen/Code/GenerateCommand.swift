import ArgumentParser
import Foundation
import LinkCodegen

extension Linkgen {
  /// `linkgen generate`
  struct Generate: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Generate app code from the route table.",
      discussion: """
        Examples:
          linkgen generate swift --config Examples/openlist/linkgen.json
          linkgen generate swift --type-name OpenListLink --access public --out OpenListLink.swift
          linkgen generate kotlin --package com.example.openlist --out DeepLink.kt
          linkgen generate test-vectors --out vectors.json
        """,
      subcommands: [GenerateSwift.self, GenerateKotlin.self, GenerateTestVectors.self]
    )
  }
}
