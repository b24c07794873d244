import CLibCrypto

/// SHA-256 (FIPS 180-4), for the frame checksums in `manifest.json`.
///
/// The digest is the system OpenSSL's (`libcrypto`, Debian `libssl-dev`, Homebrew `openssl@3`),
/// through its EVP API, which uses the CPU's SHA extensions where it has them. A system library
/// costs no compile time; swift-crypto, used before, compiled BoringSSL with every clean build.
/// This is the only file that touches `CLibCrypto`.
package struct SHA256 {
    private var context: Context

    package init() {
        context = Context()
    }

    package mutating func update<Bytes: Collection>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        // A copy of a hasher that is fed goes its own way, as a value should.
        if !isKnownUniquelyReferenced(&context) { context = context.copy() }
        let hashed: Void? = bytes.withContiguousStorageIfAvailable { context.update(UnsafeRawBufferPointer($0)) }
        if hashed == nil { Array(bytes).withUnsafeBytes { context.update($0) } }
    }

    /// The digest; the hasher is spent afterwards.
    package mutating func finalize() -> [UInt8] {
        if !isKnownUniquelyReferenced(&context) { context = context.copy() }
        return context.finalize()
    }

    /// Lower-case hexadecimal digest of `bytes`, in one call into libcrypto.
    package static func hex<Bytes: Collection>(of bytes: Bytes) -> String where Bytes.Element == UInt8 {
        let digest = bytes.withContiguousStorageIfAvailable { oneShot(UnsafeRawBufferPointer($0)) }
            ?? Array(bytes).withUnsafeBytes { oneShot($0) }
        let digits = Array("0123456789abcdef")
        return String(digest.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] })
    }

    private static func oneShot(_ bytes: UnsafeRawBufferPointer) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: 32)
        var length: UInt32 = 0
        let status = digest.withUnsafeMutableBufferPointer { out in
            EVP_Digest(bytes.baseAddress, bytes.count, out.baseAddress, &length, EVP_sha256(), nil)
        }
        // libcrypto fails here only when it cannot allocate its context: nothing to recover.
        precondition(status == 1 && length == 32, "libcrypto's SHA-256 failed")
        return digest
    }

    /// An EVP digest context, owned by one hasher at a time.
    private final class Context {
        private let context: OpaquePointer

        init() {
            guard let context = EVP_MD_CTX_new() else { preconditionFailure("libcrypto could not allocate a digest context") }
            self.context = context
            precondition(EVP_DigestInit_ex(context, EVP_sha256(), nil) == 1, "libcrypto's SHA-256 failed to start")
        }

        private init(copying other: Context) {
            guard let context = EVP_MD_CTX_new() else { preconditionFailure("libcrypto could not allocate a digest context") }
            self.context = context
            precondition(EVP_MD_CTX_copy_ex(context, other.context) == 1, "libcrypto could not copy a digest")
        }

        deinit { EVP_MD_CTX_free(context) }

        func copy() -> Context { Context(copying: self) }

        func update(_ bytes: UnsafeRawBufferPointer) {
            guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
            precondition(EVP_DigestUpdate(context, base, bytes.count) == 1, "libcrypto's SHA-256 failed")
        }

        func finalize() -> [UInt8] {
            var digest = [UInt8](repeating: 0, count: 32)
            var length: UInt32 = 0
            let status = digest.withUnsafeMutableBufferPointer { EVP_DigestFinal_ex(context, $0.baseAddress, &length) }
            precondition(status == 1 && length == 32, "libcrypto's SHA-256 failed")
            return digest
        }
    }
}
