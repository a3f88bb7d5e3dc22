// Shipped migrations: literal text that never changes once released (issue 32 §2).
// `ShippedMigrationsTests` holds every script to its recorded SHA-256.

extension DiaryMigrations {
    /// Version 16, "fish by spot": the fish caught at each spot (issue 33 §7), kept by triggers as
    /// catches are written, moved, trashed and restored and as trips change spot, so the map's pins
    /// read one row per spot instead of adding up every catch. A live catch always has a live
    /// trip (version 1's triggers), so a catch counts at its trip's spot exactly while it is live.
    static let version16 = #"""
        CREATE TABLE spot_fish (
            spot_id TEXT PRIMARY KEY NOT NULL,
            fish    INTEGER NOT NULL CHECK (fish >= 0)
        );
        INSERT INTO spot_fish (spot_id, fish)
            SELECT t.spot_id, sum(c.count) FROM catches c JOIN trips t ON t.id = c.trip_id
            WHERE c.deleted_at IS NULL GROUP BY t.spot_id;
        CREATE TRIGGER spot_fish_catch_added AFTER INSERT ON catches WHEN NEW.deleted_at IS NULL
        BEGIN
            INSERT INTO spot_fish (spot_id, fish) SELECT spot_id, NEW.count FROM trips WHERE id = NEW.trip_id
                ON CONFLICT (spot_id) DO UPDATE SET fish = fish + excluded.fish;
        END;
        CREATE TRIGGER spot_fish_catch_changed AFTER UPDATE OF count, trip_id, deleted_at ON catches
        BEGIN
            UPDATE spot_fish SET fish = fish - OLD.count
                WHERE OLD.deleted_at IS NULL AND spot_id = (SELECT spot_id FROM trips WHERE id = OLD.trip_id);
            INSERT INTO spot_fish (spot_id, fish) SELECT spot_id, NEW.count FROM trips
                WHERE NEW.deleted_at IS NULL AND id = NEW.trip_id
                ON CONFLICT (spot_id) DO UPDATE SET fish = fish + excluded.fish;
        END;
        CREATE TRIGGER spot_fish_catch_removed AFTER DELETE ON catches WHEN OLD.deleted_at IS NULL
        BEGIN
            UPDATE spot_fish SET fish = fish - OLD.count
                WHERE spot_id = (SELECT spot_id FROM trips WHERE id = OLD.trip_id);
        END;
        CREATE TRIGGER spot_fish_trip_moved AFTER UPDATE OF spot_id ON trips WHEN NEW.spot_id IS NOT OLD.spot_id
        BEGIN
            UPDATE spot_fish SET fish = fish - (
                SELECT coalesce(sum(count), 0) FROM catches WHERE trip_id = NEW.id AND deleted_at IS NULL)
                WHERE spot_id = OLD.spot_id;
            INSERT INTO spot_fish (spot_id, fish)
                SELECT NEW.spot_id, sum(count) FROM catches WHERE trip_id = NEW.id AND deleted_at IS NULL
                GROUP BY trip_id
                ON CONFLICT (spot_id) DO UPDATE SET fish = fish + excluded.fish;
        END;
        CREATE TRIGGER spot_fish_spot_removed AFTER DELETE ON spots
        BEGIN
            DELETE FROM spot_fish WHERE spot_id = OLD.id;
        END;
        """#
}
