package game

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// MaxLine bounds an input line: a line of MaxLine bytes or more is cut there, the rest of
// it is dropped, and it is reported with ErrLineTooLong.
const MaxLine = 4096

// ErrLineTooLong is returned by Console.ReadLine for a line of MaxLine bytes or more.
var ErrLineTooLong = fmt.Errorf("line of %d bytes or more", MaxLine)

// Console is the keyboard and screen of a session: one reader for everything that reads
// input, the menu and the players of every game (two readers over one piped stdin would
// lose input to each other's buffers), and the writer their prompts and messages go to.
// It strips the line ending ("\n" or "\r\n") and skips comment lines, whose first
// non-blank character is '#'.
type Console struct {
	Out io.Writer
	// Echo writes each line read back after its prompt, so that the output of a piped
	// session reads like one typed at a terminal.
	Echo bool
	// Record, if set, receives every line read, comments included, as it was read but for
	// its ending (a long line as far as it was kept), each ended by "\n".
	Record io.Writer
	// Comments makes ReadLine return comment lines too, for a protocol that has none.
	Comments bool

	sc         *bufio.Scanner
	long       bool // the line just scanned was cut at MaxLine
	discarding bool // dropping the rest of a long line
}

// NewConsole returns a Console reading r and writing to out.
func NewConsole(r io.Reader, out io.Writer) *Console {
	in := &Console{Out: out, sc: bufio.NewScanner(r)}
	in.sc.Buffer(make([]byte, 0, 512), MaxLine+2)
	in.sc.Split(in.split)
	return in
}

// split is a bufio.SplitFunc for lines that, unlike bufio.ScanLines, survives a line
// longer than the buffer: it returns the first MaxLine bytes of a line of MaxLine bytes or
// more (not counting its ending, "\n" or "\r\n"), marks them as cut, and drops the rest.
// The buffer holds MaxLine+2 bytes, so any line shorter than MaxLine fits with its ending.
func (in *Console) split(data []byte, atEOF bool) (int, []byte, error) {
	i := bytes.IndexByte(data, '\n')
	switch {
	case in.discarding && i >= 0:
		// Go on to the line after, which may be in data already: a Scanner given no
		// token reads more input before it looks at what it holds.
		in.discarding = false
		advance, token, err := in.split(data[i+1:], atEOF)
		return i + 1 + advance, token, err
	case in.discarding:
		return len(data), nil, nil
	case i >= 0:
		return i + 1, in.cut(bytes.TrimSuffix(data[:i], []byte("\r"))), nil
	case len(data) >= MaxLine+2:
		in.discarding = true
		return len(data), in.cut(data), nil
	case atEOF && len(data) > 0:
		return len(data), in.cut(bytes.TrimSuffix(data, []byte("\r"))), nil
	}
	return 0, nil, nil
}

// cut returns line, cut to MaxLine bytes and marked as long when it has MaxLine or more.
func (in *Console) cut(line []byte) []byte {
	if len(line) >= MaxLine {
		in.long = true
		return line[:MaxLine]
	}
	return line
}

// ReadLine returns the next line that is not a comment, without its line ending. At the
// end of the input it returns io.EOF; for a line of MaxLine bytes or more it returns the
// start of the line and ErrLineTooLong, and the next call reads the line after it.
func (in *Console) ReadLine() (string, error) {
	for in.sc.Scan() {
		if in.Record != nil {
			end := "\n"
			if bytes.HasSuffix(in.sc.Bytes(), []byte("\r")) {
				end = "\r\n" // so that reading the record back keeps the line's own \r
			}
			fmt.Fprintf(in.Record, "%s%s", in.sc.Bytes(), end)
		}
		line := in.sc.Text()
		long := in.long
		in.long = false
		if !in.Comments && strings.HasPrefix(strings.TrimLeft(line, " \t"), "#") {
			continue // a comment, however long
		}
		if long {
			return line, ErrLineTooLong
		}
		return line, nil
	}
	if err := in.sc.Err(); err != nil {
		return "", err
	}
	return "", io.EOF
}

// Ask writes the prompt and ": ", then reads a line as ReadLine does, writing it back
// when Echo is set (quoted where ReadLine failed or it is not printable). At the end of
// the input it ends the prompt's line.
func (in *Console) Ask(prompt string) (string, error) {
	fmt.Fprintf(in.Out, "%s: ", prompt)
	line, err := in.ReadLine()
	switch {
	case err != nil && !errors.Is(err, ErrLineTooLong):
		fmt.Fprintln(in.Out) // the input ended, or failed
	case !in.Echo:
	case err == nil && Printable(line) && !strings.Contains(line, computerPhrase):
		fmt.Fprintln(in.Out, line)
	default:
		fmt.Fprintln(in.Out, Quote(line))
	}
	return line, err
}

// computerPhrase starts the line of a computer's move, "Computer (O) plays 2 2", which
// scripts look for (the README's lines that scripts read): no line that writes back what the user typed has it.
const computerPhrase = "Computer ("

// Quote returns s quoted as Go's %q does, for an error message or an echo, so that no raw
// control character is written back; a long s is cut to its first 40 characters, with
// "..." after the quote. Text that would read as a computer's move has its "plays"
// spelt "pl\x61ys", the same string in Go's notation.
func Quote(s string) string { return QuoteN(s, 40) }

// quoteLong is how much of a line of MaxLine bytes or more an error quotes back: enough
// to know it by, and short enough that the error fits a line.
const quoteLong = 20

// QuoteN is Quote with a limit of its own: a longer s is cut to its first limit
// characters.
func QuoteN(s string, limit int) string {
	cut := false
	if utf8.RuneCountInString(s) > limit {
		s = string([]rune(s)[:limit])
		cut = true
	}
	q := strconv.Quote(s)
	if strings.Contains(q, computerPhrase) {
		q = strings.ReplaceAll(q, "plays", `pl\x61ys`)
	}
	if cut {
		q += "..."
	}
	return q
}

// Printable reports whether s holds only printable characters and spaces, no control
// character (not even a tab) and no invalid UTF-8, so that it can be written back as it is.
func Printable(s string) bool {
	for _, r := range s {
		if r == utf8.RuneError || !unicode.IsPrint(r) {
			return false
		}
	}
	return true
}

// ParseMove reads a typed move "ROW COL", 1-based, for a board of size s: the two
// numbers may be separated by spaces, tabs or a comma, with blanks around them. The
// error says what is wrong, naming the input.
func ParseMove(line string, s Size) (Cell, error) {
	fields := strings.FieldsFunc(line, func(r rune) bool {
		return r == ' ' || r == '\t' || r == ',' || r == '\r'
	})
	if len(fields) != 2 {
		return Cell{}, fmt.Errorf("%s is not a move: type ROW COL, like \"2 3\"", Quote(line))
	}
	var n [2]int
	for i, name := range []string{"row", "column"} {
		limit := s.Rows
		if i == 1 {
			limit = s.Cols
		}
		f := fields[i]
		if !IsInteger(f) {
			return Cell{}, fmt.Errorf("%s %s is not a number", name, Quote(f))
		}
		v, err := strconv.Atoi(f)
		if err != nil || v < 1 || v > limit {
			if len(f) > 40 {
				f = f[:40] + "..."
			}
			return Cell{}, fmt.Errorf("%s %s is out of range 1..%d", name, f, limit)
		}
		n[i] = v - 1
	}
	return Cell{n[0], n[1]}, nil
}

// IsInteger reports whether s is a whole number in decimal digits, with an optional sign:
// no blanks, no other base, no underscores.
func IsInteger(s string) bool {
	if strings.HasPrefix(s, "+") || strings.HasPrefix(s, "-") {
		s = s[1:]
	}
	if s == "" {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}
