extension Migration {
  /// How many links SQLite's trigram index may lag behind: the link that makes the gap this
  /// large brings the index up to date for the ones before it, in its own transaction.
  static let trigramBatch = 256

  /// SQLite's version 7: the FTS5 trigram index is written for links in batches of
  /// ``trigramBatch`` instead of in each link's own transaction. FTS5 writes a new segment
  /// (and merges segments) at the end of every transaction that changed it, so a create that
  /// commits one link, or a group of a few, paid for a whole segment: about 130 µs of CPU a
  /// link in groups of 8 (docs/store.md). Now a create only writes the link's text row;
  /// every ``trigramBatch``-th link indexes the text rows before it in one statement.
  ///
  /// The invariant: `linkgen_link_trigrams_indexed.id` is the highest `linkgen_link_text.id`
  /// the index covers, and the index holds exactly the text rows with an id up to it. A text
  /// row above it is not in the index yet; a row at or below it is (a new row can get an id
  /// below it only after the highest rows were deleted, and is then indexed at once). A
  /// deleted or changed row is taken out of the index only if it is in it. The search reads
  /// the rows above the mark as candidates beside the index's (at most
  /// ``trigramBatch`` − 1 of them), and checks every candidate with the same `LIKE`, so what
  /// it finds is unchanged (ConsoleStoreTests.searchIndex).
  ///
  /// SQLite runs a row's `AFTER INSERT` triggers newest first, so the catch-up indexes the
  /// rows below the new one and leaves the new one above the mark: whichever trigger runs
  /// first, the new row is indexed once or not at all.
  static var sqliteTrigramBatches: [String] {
    let mark = "(SELECT id FROM linkgen_link_trigrams_indexed)"
    return [
      "DROP TRIGGER linkgen_link_trigrams_insert",
      "DROP TRIGGER linkgen_link_trigrams_delete",
      "DROP TRIGGER linkgen_link_trigrams_update",
      "CREATE TABLE linkgen_link_trigrams_indexed (id INTEGER NOT NULL) STRICT",
      """
      INSERT INTO linkgen_link_trigrams_indexed (id)
      SELECT COALESCE(MAX(id), 0) FROM linkgen_link_text
      """,
      """
      CREATE TRIGGER linkgen_link_trigrams_insert AFTER INSERT ON linkgen_link_text
      WHEN NEW.id <= \(mark) BEGIN
      INSERT INTO linkgen_link_trigrams (rowid, text) VALUES (NEW.id, NEW.text);
      END
      """,
      """
      CREATE TRIGGER linkgen_link_trigrams_catch_up AFTER INSERT ON linkgen_link_text
      WHEN NEW.id >= \(mark) + \(trigramBatch) BEGIN
      INSERT INTO linkgen_link_trigrams (rowid, text)
      SELECT id, text FROM linkgen_link_text WHERE id > \(mark) AND id < NEW.id;
      UPDATE linkgen_link_trigrams_indexed SET id = NEW.id - 1;
      END
      """,
      """
      CREATE TRIGGER linkgen_link_trigrams_delete AFTER DELETE ON linkgen_link_text
      WHEN OLD.id <= \(mark) BEGIN
      INSERT INTO linkgen_link_trigrams (linkgen_link_trigrams, rowid, text)
      VALUES ('delete', OLD.id, OLD.text);
      END
      """,
      """
      CREATE TRIGGER linkgen_link_trigrams_update AFTER UPDATE ON linkgen_link_text
      WHEN OLD.id <= \(mark) BEGIN
      INSERT INTO linkgen_link_trigrams (linkgen_link_trigrams, rowid, text)
      VALUES ('delete', OLD.id, OLD.text);
      INSERT INTO linkgen_link_trigrams (rowid, text) VALUES (NEW.id, NEW.text);
      END
      """,
    ]
  }
}
