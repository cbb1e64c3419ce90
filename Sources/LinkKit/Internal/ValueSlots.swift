/// The values of a route's parameters, in one allocation whose class is not generic (so
/// creating one costs no generic-metadata lookup, unlike `[LinkValue?]`), copied on write.
struct ValueSlots: @unchecked Sendable {
  private var store: ValueStore
  let count: Int

  init(count: Int) {
    self.count = count
    store = ValueStore.make(count: count)
  }

  /// A copy of the values in a buffer.
  init(_ values: UnsafeBufferPointer<LinkValue?>) {
    count = values.count
    store = ValueStore.make(copying: values)
  }

  private init(store: ValueStore) {
    self.count = 0
    self.store = store
  }

  /// No values, sharing one allocation: what a ``RouteValues`` holds while its values are
  /// lent out (see ``RouteValues/take()``).
  static let empty = ValueSlots(store: ValueStore.make(count: 0))

  subscript(index: Int) -> LinkValue? {
    get {
      precondition(index >= 0 && index < count, "value index out of range")
      return store.withUnsafeMutablePointerToElements { $0[index] }
    }
    set {
      precondition(index >= 0 && index < count, "value index out of range")
      if !isKnownUniquelyReferenced(&store) { store = store.copy(count: count) }
      store.withUnsafeMutablePointerToElements { $0[index] = newValue }
    }
  }

  /// Calls `body` with the values as one buffer.
  func withUnsafeBufferPointer<R, E: Error>(
    _ body: (UnsafeBufferPointer<LinkValue?>) throws(E) -> R
  ) throws(E) -> R {
    try withExtendedLifetime(store) { () throws(E) -> R in
      let elements = store.withUnsafeMutablePointerToElements { $0 }
      return try body(UnsafeBufferPointer(start: elements, count: count))
    }
  }
}

/// Tail-allocated storage for ``ValueSlots``; the header is the element count.
final class ValueStore: ManagedBuffer<Int, LinkValue?> {
  static func make(count: Int) -> ValueStore {
    let buffer = create(minimumCapacity: count) { _ in count }
    let store = unsafeDowncast(buffer, to: ValueStore.self)
    store.withUnsafeMutablePointerToElements { $0.initialize(repeating: nil, count: count) }
    return store
  }

  static func make(copying values: UnsafeBufferPointer<LinkValue?>) -> ValueStore {
    let buffer = create(minimumCapacity: values.count) { _ in values.count }
    let store = unsafeDowncast(buffer, to: ValueStore.self)
    if let base = values.baseAddress {
      store.withUnsafeMutablePointerToElements { $0.initialize(from: base, count: values.count) }
    }
    return store
  }

  func copy(count: Int) -> ValueStore {
    let buffer = ValueStore.create(minimumCapacity: count) { _ in count }
    let store = unsafeDowncast(buffer, to: ValueStore.self)
    withUnsafeMutablePointerToElements { source in
      store.withUnsafeMutablePointerToElements { $0.initialize(from: source, count: count) }
    }
    return store
  }

  deinit {
    withUnsafeMutablePointers { header, elements in
      // One element at a time: the specialised destroy, not the runtime's generic one.
      for index in 0..<header.pointee { (elements + index).deinitialize(count: 1) }
    }
  }
}
