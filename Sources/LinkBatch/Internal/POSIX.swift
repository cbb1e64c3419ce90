#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The C library's message for an `errno` value.
package func errorText(_ code: Int32) -> String {
  String(cString: strerror(code))
}

/// `write(2)`, under a name that types with a `write` method can call.
func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}

/// `read(2)`, under a name that types with a `read` method can call.
func systemRead(_ descriptor: Int32, _ bytes: UnsafeMutableRawPointer, _ count: Int) -> Int {
  read(descriptor, bytes, count)
}

/// `close(2)`, under a name that types with a `close` method can call.
func systemClose(_ descriptor: Int32) -> Int32 {
  close(descriptor)
}
