import LinkBatch
import LinkgenTestSupport
import Testing

@Suite(.blockingWork)
struct ProgressBarTests {
  @Test func drawsTheShareOfTheInputRead() {
    let half = BatchProgress(rows: 500, failed: 2, bytesRead: 50, totalBytes: 100)
    #expect(
      ProgressBar.line(half, width: 10) == "[#####·····]  50%  500 rows  2 failed"
    )
    let unknownSize = BatchProgress(rows: 7, failed: 0, bytesRead: 900, totalBytes: nil)
    #expect(ProgressBar.line(unknownSize) == "7 rows")
  }
}
