package pbrain

import (
	"errors"
	"strings"
)

// SplitWords splits a command into words as a POSIX shell would, without running one:
// blanks separate words, single quotes keep everything up to the next one, double quotes
// keep everything but a backslash before ", \, $ or `, and a backslash outside quotes
// keeps the character after it. There are no variables, globs or other expansions. It
// fails on a quote that is not closed, a backslash that ends s, or s without a word.
func SplitWords(s string) ([]string, error) {
	var words []string
	var word strings.Builder
	inWord := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n':
			if inWord {
				words = append(words, word.String())
				word.Reset()
				inWord = false
			}
			continue
		case c == '\'':
			end := strings.IndexByte(s[i+1:], '\'')
			if end < 0 {
				return nil, errors.New("a single quote is not closed")
			}
			word.WriteString(s[i+1 : i+1+end])
			i += end + 1
		case c == '"':
			i++
			for ; i < len(s) && s[i] != '"'; i++ {
				if s[i] == '\\' && i+1 < len(s) && strings.IndexByte("\"\\$`", s[i+1]) >= 0 {
					i++
				}
				word.WriteByte(s[i])
			}
			if i == len(s) {
				return nil, errors.New("a double quote is not closed")
			}
		case c == '\\':
			if i+1 == len(s) {
				return nil, errors.New("a backslash ends the command")
			}
			i++
			word.WriteByte(s[i])
		default:
			word.WriteByte(c)
		}
		inWord = true
	}
	if inWord {
		words = append(words, word.String())
	}
	if len(words) == 0 {
		return nil, errors.New("no command given")
	}
	return words, nil
}
