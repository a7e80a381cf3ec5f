package game

import (
	"bufio"
	"errors"
	"io"
)

// feedBuffer is how much input one read may bring at once: a script's whole input, so
// that the lines it sent together come in one read.
const feedBuffer = 1 << 16

// feed reads the engine's input in a goroutine of its own, a line at a time when asked,
// so that the session can watch the input while the engine thinks. Lines read ahead
// wait in a queue, to be carried out in order.
type feed struct {
	want  chan struct{}  // asks the reader for the next line
	lines chan inputLine // the lines it reads
	done  chan struct{}  // closed when the session is over: the reader stops
	asked bool           // a line was asked for and has not come yet
	ended bool           // the reader has sent the end of the input, or a failure
	queue []inputLine    // lines read ahead, oldest first
}

// inputLine is one line read, or the error that ends the input (io.EOF at its end).
type inputLine struct {
	text string
	err  error
	// late is set when reading the line took a read of the input that happened after it
	// was asked for: the line, or its last part, arrived only then.
	late bool
}

// final reports whether the line ends the input: its end or a failure to read it.
func (l inputLine) final() bool { return l.err != nil && !errors.Is(l.err, ErrLineTooLong) }

// watchedReader notes whether it was read.
type watchedReader struct {
	r    io.Reader
	read bool
}

func (w *watchedReader) Read(p []byte) (int, error) {
	w.read = true
	return w.r.Read(p)
}

// newFeed starts reading r in a goroutine, which ends after the input does, or when
// stop is called and it is not in the middle of a read of r (then it ends when that read
// returns).
func newFeed(r io.Reader) (f *feed, stop func()) {
	f = &feed{want: make(chan struct{}, 1), lines: make(chan inputLine), done: make(chan struct{})}
	w := &watchedReader{r: r}
	in := NewConsole(bufio.NewReaderSize(w, feedBuffer), io.Discard)
	in.Comments = true // a line starting with # is a command we do not know
	go func() {
		for {
			select {
			case <-f.want:
			case <-f.done:
				return
			}
			w.read = false
			text, err := in.ReadLine()
			l := inputLine{text: text, err: err, late: w.read}
			select {
			case f.lines <- l:
			case <-f.done:
				return
			}
			if l.final() {
				return
			}
		}
	}()
	return f, func() { close(f.done) }
}

// ask asks the reader for the next line, unless it has been asked already or the input
// has ended.
func (f *feed) ask() {
	if !f.asked && !f.ended {
		f.asked = true
		f.want <- struct{}{}
	}
}

// receive takes in a line the reader has sent.
func (f *feed) receive(l inputLine) inputLine {
	f.asked = false
	f.ended = f.ended || l.final()
	return l
}

// next returns the next line: the oldest read ahead, or else the next of the input.
func (f *feed) next() inputLine {
	if len(f.queue) > 0 {
		l := f.queue[0]
		f.queue = f.queue[1:]
		return l
	}
	if f.ended {
		return inputLine{err: io.EOF} // cannot happen: the session ends with the input
	}
	f.ask()
	return f.receive(<-f.lines)
}
