import SyncClient
import Testing

/// The one classification of the portal's statuses (issue 32 §2) that sync, media and licensing read.
@Suite("What a portal's status means for a client")
struct PortalAnswerTests {
    @Test(
        "Given every status from 100 to 599, when classified, then 2xx succeed, 401 signs in again, 402/403 are the account's, 426 asks for an update, 400/413/422 judge the content, other 4xx refuse and the rest retry"
    )
    func everyStatus() {
        for status in 100..<600 {
            let expected: PortalAnswer =
                switch status {
                case 200..<300: .success
                case 401: .signInAgain
                case 402, 403: .entitlement
                case 426: .updateApp
                case 400, 413, 422: .refusedContent
                case 408, 429: .retryLater
                case 400..<500: .refused
                default: .retryLater
                }
            #expect(PortalAnswer(status: status) == expected, "\(status)")
        }
    }
}
