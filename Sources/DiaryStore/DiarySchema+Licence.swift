/// What the diary's schema says at run time besides its migrations (`DiaryMigrations`): the
/// outbox's read-only trigger, made and dropped as the licence changes (T13).
enum DiarySchema {
    static let outboxReadOnlyTriggerName = "outbox_read_only"

    /// While the licence is over (T13, issue 17; docs/licensing.md) the outbox takes no local
    /// change: the schema's own statement of the rule, which `Diary.recordChange` tells as
    /// `StoreError.readOnly`. Pulled changes never enter the outbox, so syncing down goes on.
    /// Made and dropped by `Diary.setLicenceReadOnly`.
    static let outboxReadOnlyTrigger = """
        CREATE TRIGGER IF NOT EXISTS \(outboxReadOnlyTriggerName) BEFORE INSERT ON outbox
        BEGIN
            SELECT RAISE(ABORT, 'read-only: the trial or the purchase is over');
        END;
        """

    static let dropOutboxReadOnlyTrigger = "DROP TRIGGER IF EXISTS \(outboxReadOnlyTriggerName);"
}
