extension Int64 {
    /// `self + other`, or `Int64.max` where the sum would overflow: for offsets in error messages
    /// and file offsets that only label data already read.
    func saturatingAdding(_ other: Int64) -> Int64 {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? .max : sum
    }
}
