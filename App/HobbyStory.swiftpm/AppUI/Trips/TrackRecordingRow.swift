import AppFeatures
import SwiftUI

/// Recording a trip's track (issue 34 §3), where an angler looks: on a trip going on, "Record
/// the track"; while it records, what it has so far in red and "Stop recording", one tap; why it
/// stopped on its own, under it. Shown on the trip's page and, while recording, on Home.
struct TrackRecordingRow: View {
    let recorder: TrackRecorder
    /// The trip the row is about; nil on Home, which shows the recording trip.
    let tripId: UUID?
    /// Whether that trip still goes on (only an open trip records).
    let tripGoesOn: Bool
    /// Whether the row says what recording uses (on the trip's page; Today keeps to the button).
    var explains = true
    let models: ScreenModels

    var body: some View {
        if let status = recorder.statusText, tripId == nil || tripId.map(recorder.isRecording(trip:)) == true {
            Label(status, systemImage: "record.circle").foregroundStyle(.red)
            ControlButton(TrackRecorder.stop, systemImage: "stop.circle", help: models.help) {
                Task { await recorder.stopRecording() }
            }
            .buttonStyle(.borderedProminent)
            .tint(.red)
        } else if let tripId, tripGoesOn {
            ControlButton(TrackRecorder.start, systemImage: "record.circle", help: models.help) {
                Task { await recorder.start(trip: tripId) }
            }
            if explains { Text(models.text("track.recordNote")).font(.footnote).foregroundStyle(.secondary) }
        }
        ProblemNote(problem: recorder.problem)
    }
}
