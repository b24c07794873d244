import Census
import Testing

@Suite struct LexerTests {
    private func texts(_ source: String) -> [String] { Lexer.tokens(of: source).map(\.text) }

    @Test func lexer_LineAndBlockCommentsAreSkipped() {
        #expect(texts("a // b UIView\nc /* d UILabel */ e") == ["a", "c", "e"])
    }

    @Test func lexer_NestedBlockCommentIsOneComment() {
        #expect(texts("a /* b /* c */ UIView */ d") == ["a", "d"])
    }

    @Test func lexer_StringsAreOneTokenWithEscapes() {
        let tokens = Lexer.tokens(of: #"let s = "a \" UIView // not a comment" + x"#)
        #expect(tokens.map(\.text) == ["let", "s", "=", #""a \" UIView // not a comment""#, "+", "x"])
        #expect(tokens[3].kind == .string)
    }

    @Test func lexer_MultilineStringSpansLines() {
        let source = "a = \"\"\"\n  UIView \" \"\" still\n  \"\"\"\nb"
        let tokens = Lexer.tokens(of: source)
        #expect(tokens.map(\.kind) == [.identifier, .punctuation, .string, .identifier])
        #expect(tokens.last?.line == 4)
    }

    @Test func lexer_RawStringEndsOnlyWithItsHashes() {
        #expect(texts(##"x = #"a "quoted" \(UIView)"# + y"##).count == 5)
    }

    @Test func lexer_InterpolationWithNestedStringsAndParentheses() {
        let source = #"s = "a \(f("b)", (c))) \(d) e" ; UIView"#
        #expect(texts(source) == ["s", "=", #""a \(f("b)", (c))) \(d) e""#, ";", "UIView"])
    }

    @Test func lexer_AttributesDirectivesAndBackticks() {
        #expect(texts("@objc #if DEBUG `default` a->b") == ["@objc", "#if", "DEBUG", "default", "a", "->", "b"])
    }

    @Test func lexer_NumbersKeepTheirDecimals() {
        #expect(texts("x = 1.5 + t.0") == ["x", "=", "1.5", "+", "t", ".", "0"])
    }
}
