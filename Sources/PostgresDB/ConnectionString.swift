/// `text`, an error message about `connectionString`, with every password the connection string
/// holds replaced by `***`. libpq's own messages may quote the string whole or the token that
/// holds the password, so the passwords are masked wherever they appear.
func redactingPasswords(of connectionString: String, in text: String) -> String {
    // A URL's user part, a URL's `password` query parameter, a `password` keyword (maybe quoted).
    let patterns = [
        #/postgres(?:ql)?://[^:@/?]*:(?<secret>[^@/?]*)@/#,
        #/[?&]password=(?<secret>[^&]*)/#,
        #/(?:^|\s)password\s*=\s*(?<secret>'(?:[^'\\]|\\.)*'|[^\s']\S*)/#,
    ]
    var result = text
    for pattern in patterns {
        for match in connectionString.matches(of: pattern) where !match.output.secret.isEmpty {
            result = result.replacing(match.output.secret, with: "***")
        }
    }
    return result
}
