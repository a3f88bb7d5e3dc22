import DiaryStore
import FishingModel
import Foundation
import MediaLibrary
import TestSupport
import Testing

@testable import DiaryInterchange

/// GPX, KML and KMZ both ways (issue 34 §1): what the diary writes, other programs read (gpxpy,
/// the OGC KML 2.2 schema through lxml, Python's zipfile), and the diary reads back record for
/// record; what other programs write (gpxpy, fastkml, zipfile: `tools/make_interchange_fixtures.py`)
/// the diary reads as spots, saying what it leaves out.
@Suite("Map files out and in")
struct MapFormatsTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    @Test(
        "Given a diary, when it is exported as GPX, KML and KMZ, then gpxpy reads the waypoints and the track, the KML is valid against the OGC schema, zipfile reads the KMZ, and each imports back into an empty diary field for field"
    )
    func roundTrips() throws {
        let f = try InterchangeFixture()
        let source = try f.diary(named: "Anna")
        _ = try f.sample(in: source)
        let gpx = try f.export(source, format: .gpx)
        let kml = try f.export(source, format: .kml)
        let kmz = try f.export(source, format: .kmz)
        let gpxpy = """
            import gpxpy, sys
            g = gpxpy.parse(open(sys.argv[1], encoding="utf-8"))
            print(len(g.waypoints), len(g.tracks), "|".join(sorted(w.name for w in g.waypoints)))
            """
        #expect(
            try externalOutput(["python3", "-c", gpxpy, gpx.path])
                == "4 2 Empty pond|European perch ×3|Northern pike, 2.456 kg, 71.5 cm|Volga bend, \"old\" pier\n")
        let schema = """
            import os, sys, fastkml
            from lxml import etree
            folder = os.path.join(os.path.dirname(fastkml.__file__), "schema")
            schema = etree.XMLSchema(etree.parse(os.path.join(folder, "ogckml22.xsd")))
            document = etree.parse(sys.argv[1])
            print("valid" if schema.validate(document) else schema.error_log)
            """
        #expect(try externalOutput(["python3", "-c", schema, kml.path]) == "valid\n")
        let zip = """
            import sys, zipfile
            z = zipfile.ZipFile(sys.argv[1])
            print(z.testzip(), z.namelist(), len(z.read("doc.kml")))
            """
        let kmlBytes = try Data(contentsOf: kml).count
        #expect(try externalOutput(["python3", "-c", zip, kmz.path]) == "None ['doc.kml'] \(kmlBytes)\n")
        for (file, name) in [(gpx, "Boris"), (kml, "Carl"), (kmz, "Dina")] {
            let target = try f.diary(named: name)
            let outcome = try DiaryImporter.commit(
                try DiaryImporter.plan(file, diary: target, options: ImportOptions()), diary: target)
            #expect(outcome.created.count == 6, "\(file.lastPathComponent): 2 spots, 2 trips, 2 catches")
            for original in try source.catches.list() {
                #expect(CatchDraft(try target.catches.record(original.id)) == CatchDraft(original))
            }
            for original in try source.trips.list() {
                #expect(TripDraft(try target.trips.record(original.id)) == TripDraft(original))
            }
            for original in try source.spots.list() {
                #expect(SpotDraft(try target.spots.record(original.id)) == SpotDraft(original))
            }
            let again = try DiaryImporter.commit(
                try DiaryImporter.plan(file, diary: target, options: ImportOptions()), diary: target)
            #expect(again.created.isEmpty && again.present.count == 6)
        }
    }

    @Test(
        "Given a catch with a photo, when the diary is exported as KMZ, then the photo travels beside the document, named by its digest, and the catch's description shows it"
    )
    func kmzCarriesPhotos() throws {
        let f = try InterchangeFixture()
        let diary = try f.diary(named: "Anna")
        _ = try f.sample(in: diary)
        let pike = try #require(try diary.catches.list().first { $0.speciesId == "esox-lucius" })
        let asset = try MediaImporter(store: try MediaStore(diary: diary)).importMedia(
            MediaSource(url: mediaFixture("photo_exif_full.jpg"), target: MediaTarget(.catch, pike.id))
        ).asset
        let kmz = try f.export(diary, format: .kmz)
        let script = """
            import sys, zipfile, hashlib
            z = zipfile.ZipFile(sys.argv[1])
            names = z.namelist()
            photo = [n for n in names if n.startswith("files/")][0]
            doc = z.read("doc.kml").decode()
            print(names[0], photo, hashlib.sha256(z.read(photo)).hexdigest() == photo[6:-4], ("img src=&quot;" + photo) in doc)
            """
        #expect(
            try externalOutput(["python3", "-c", script, kmz.path])
                == "doc.kml files/\(asset.sha256).jpg True True\n")
    }

    @Test(
        "Given a GPX written by gpxpy, when it is imported, then its waypoints become spots (a nameless one named by its position), its track is said and not stored, and a second import adds nothing"
    )
    func otherProgramsGPX() throws {
        let f = try InterchangeFixture()
        let diary = try f.diary(named: "Anna")
        let file = Self.fixtures.appendingPathComponent("gpxpy-outing.gpx")
        let plan = try DiaryImporter.plan(file, diary: diary, options: ImportOptions())
        #expect(plan.format == InterchangeFormat.gpx && plan.refusals.isEmpty)
        #expect(
            plan.notes == [
                "1 track was not imported: give a track its trip with `hobbystory trip track import FILE --trip ID`"
            ])
        try DiaryImporter.commit(plan, diary: diary)
        let spots = try diary.spots.list()
        #expect(spots.map(\.name) == ["55.76000, 37.62000", "Bridge pier", "Neva & Fontanka <mouth>"])
        #expect(spots.first { $0.name == "Bridge pier" }?.notes == "Pike by the pillars")
        let again = try DiaryImporter.commit(
            try DiaryImporter.plan(file, diary: diary, options: ImportOptions()), diary: diary)
        #expect(again.created.isEmpty && again.present.count == 3)
    }

    @Test(
        "Given a KML written by fastkml and the same zipped by Python, when each is imported, then the points become spots with their descriptions as text, and the line and polygon are said and not stored"
    )
    func otherProgramsKML() throws {
        let f = try InterchangeFixture()
        for (name, file) in [("Anna", "fastkml-places.kml"), ("Boris", "zipfile-places.kmz")] {
            let diary = try f.diary(named: name)
            let plan = try DiaryImporter.plan(
                Self.fixtures.appendingPathComponent(file), diary: diary, options: ImportOptions())
            #expect(plan.refusals.isEmpty)
            #expect(
                plan.notes == [
                    "1 track was not imported: give a track its trip with `hobbystory trip track import FILE --trip ID`",
                    "1 Polygon not imported: the diary keeps points only",
                ])
            try DiaryImporter.commit(plan, diary: diary)
            let spots = try diary.spots.list()
            #expect(spots.map(\.name) == ["Old mill", "Sandbar"])
            #expect(spots.first?.notes == "Carp at dusk & dawn")
            #expect(spots.last?.latitude == 50.5 && spots.last?.longitude == 30.6)
        }
    }

    @Test(
        "Given a waypoint outside the world, a catch waypoint another program stripped, and a catch of a species this diary lacks, when imported, then each is refused by name and the rest comes in"
    )
    func refusedFeatures() throws {
        let f = try InterchangeFixture()
        let diary = try f.diary(named: "Anna")
        let file = try f.file(
            "edited.gpx",
            """
            <?xml version="1.0"?>
            <gpx version="1.1" creator="an editor" xmlns="http://www.topografix.com/GPX/1/1">
              <wpt lat="91" lon="10"><name>Too far north</name></wpt>
              <wpt lat="55" lon="37"><name>Pike</name><type>catch</type></wpt>
              <wpt lat="55.5" lon="37.5"><name>Good spot</name></wpt>
              <wpt lat="55.5" lon="37.5"><name>Odd fish</name><type>catch</type>
                <extensions><record kind="catch">{"id":"7d0c3c9e-5d35-4e0e-9a57-5d2b7cbb0a11","trip_id":"1d0c3c9e-5d35-4e0e-9a57-5d2b7cbb0a11","species_id":"nessie","caught_at":1781406600000,"utc_offset_s":0,"count":1,"released":0}</record></extensions>
              </wpt>
            </gpx>
            """)
        let plan = try DiaryImporter.plan(file, diary: diary, options: ImportOptions())
        #expect(
            plan.refusals.map(\.place) == ["waypoint 1 (Too far north)", "waypoint 2 (Pike)", "waypoint 4 (Odd fish)"])
        #expect(plan.refusals[0].reason.contains("not a position"))
        #expect(plan.refusals[1].reason.contains("cannot be read back as a catch"))
        #expect(plan.refusals[2].reason.contains("nessie is not in this diary's species directory"))
        #expect(plan.batch.spots.map(\.draft.name) == ["Good spot"])
    }
}
