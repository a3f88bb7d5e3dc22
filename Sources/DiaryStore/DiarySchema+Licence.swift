extension DiarySchema {
    /// Migration 14 (T13, issue 17; docs/licensing.md): while the licence is over
    /// (`diary_meta.licence_mode` = 'read-only'), the outbox takes no local change — the schema's
    /// own statement of the rule `Diary.recordChange` checks first with a readable error. Pulled
    /// changes never enter the outbox, so syncing down goes on.
    static let licenceReadOnly = """
        CREATE TRIGGER outbox_read_only BEFORE INSERT ON outbox
        WHEN (SELECT value FROM diary_meta WHERE key = 'licence_mode') = 'read-only'
        BEGIN
            SELECT RAISE(ABORT, 'read-only: the trial or the purchase is over');
        END;
        """
}
