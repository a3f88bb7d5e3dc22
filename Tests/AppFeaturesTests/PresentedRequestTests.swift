import AppFeatures
import Testing

/// The bridge between the core's "ask the camera or the library" and SwiftUI's presentations.
@Suite("Presented requests (T16, T17)")
@MainActor
struct PresentedRequestTests {
    @Test("Given a question, when the angler answers, then the caller gets it once and the screen hides")
    func answered() async {
        let request = PresentedRequest<[String]>()
        async let answer = request.ask(otherwise: [])
        await waitUntil { request.isWaiting }
        #expect(request.isPresented)
        request.answer(["IMG_1.HEIC", "IMG_2.MOV"])
        request.answer(["late"])
        #expect(await answer == ["IMG_1.HEIC", "IMG_2.MOV"])
        #expect(!request.isPresented)
        #expect(!request.isWaiting)
    }

    @Test("Given a question, when the screen is dismissed, then the caller gets the fallback")
    func dismissed() async {
        let request = PresentedRequest<String?>()
        async let answer = request.ask(otherwise: nil)
        await waitUntil { request.isWaiting }
        request.dismiss()
        #expect(await answer == nil)
        #expect(!request.isPresented)
    }

    @Test("Given a question still waiting, when another is asked, then the first gets its fallback")
    func replaced() async {
        let request = PresentedRequest<Int>()
        async let first = request.ask(otherwise: -1)
        await waitUntil { request.isWaiting }
        async let second = request.ask(otherwise: -2)
        #expect(await first == -1)
        await waitUntil { request.isWaiting }
        request.answer(7)
        #expect(await second == 7)
    }

    private func waitUntil(_ condition: () -> Bool) async {
        while !condition() { await Task.yield() }
    }
}
