package main

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"tictactoe/ai"
	"tictactoe/game"
	"tictactoe/game/pbrain"
)

// elapsed matches analyze's line with the time taken, which no two runs share.
var elapsed = regexp.MustCompile(`(?m)^Time: .*$`)

var update = flag.Bool("update", false, "rewrite the expected sections (stdout, stderr, status) of testdata/*.txtar")

// A transcript is one scenario in txtar form: a free comment, then sections "-- name --".
// args holds the arguments, split into words as a shell would (pbrain.SplitWords), where
// $TICTACTOE stands for this program (see TestMain), run as tictactoe from the PATH so
// that the output names it alike on every machine; env holds NAME=value lines; stdin is
// the input. stdout, stderr and status are the expected results, and the only sections
// -update writes: the inputs are never rewritten.
type transcript struct {
	comment  string
	sections map[string]string
	order    []string
}

// parseTranscript reads the txtar format: a line "-- name --" starts a section.
func parseTranscript(data string) *transcript {
	t := &transcript{sections: map[string]string{}}
	name := ""
	var cur strings.Builder
	flush := func() {
		if name == "" {
			t.comment = cur.String()
		} else {
			t.sections[name] = cur.String()
			t.order = append(t.order, name)
		}
		cur.Reset()
	}
	for _, line := range strings.SplitAfter(data, "\n") {
		if h := strings.TrimRight(line, "\n"); strings.HasPrefix(h, "-- ") && strings.HasSuffix(h, " --") && len(h) >= 6 {
			flush()
			name = strings.TrimSpace(h[3 : len(h)-3])
			continue
		}
		cur.WriteString(line)
	}
	flush()
	return t
}

// format writes the transcript back in txtar form, sections in their original order.
func (t *transcript) format() string {
	var sb strings.Builder
	sb.WriteString(t.comment)
	for _, name := range t.order {
		sb.WriteString("-- " + name + " --\n")
		sb.WriteString(t.sections[name])
	}
	return sb.String()
}

// set replaces a section's text, adding the section at the end when it is new.
func (t *transcript) set(name, text string) {
	if _, ok := t.sections[name]; !ok {
		t.order = append(t.order, name)
	}
	t.sections[name] = text
}

// self is this test binary, which is the program itself when TICTACTOE_MAIN=1 is set in
// its environment: a transcript calls it as $TICTACTOE, to play our engine through arena's
// pbrain:COMMAND in a process of its own.
var self, _ = os.Executable()

// TestMain runs the program instead of the tests when TICTACTOE_MAIN=1 is set.
func TestMain(m *testing.M) {
	if os.Getenv("TICTACTOE_MAIN") == "1" {
		main()
	}
	os.Exit(m.Run())
}

// TestTranscripts runs every testdata/*.txtar through run, in process, and compares.
func TestTranscripts(t *testing.T) {
	files, err := filepath.Glob("testdata/*.txtar")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no transcripts in testdata")
	}
	onPath(t)
	defer func(f func() int) { cores = f }(cores)
	cores = func() int { return 2 } // the machine the transcripts were written on
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			tr := parseTranscript(string(data))
			for _, kv := range strings.Fields(tr.sections["env"]) {
				k, v, _ := strings.Cut(kv, "=")
				t.Setenv(k, v)
			}
			if _, ok := tr.sections["env"]; !ok {
				t.Setenv("NO_COLOR", "") // the transcript's own env only
			}
			var args []string
			if a := strings.ReplaceAll(tr.sections["args"], "$TICTACTOE", "tictactoe"); strings.TrimSpace(a) != "" {
				if args, err = pbrain.SplitWords(a); err != nil {
					t.Fatalf("args: %v", err)
				}
			}
			var stdout, stderr bytes.Buffer
			status := run(args, strings.NewReader(tr.sections["stdin"]), &stdout, &stderr)
			got := map[string]string{
				"stdout": elapsed.ReplaceAllString(strings.ReplaceAll(stdout.String(), self, "$TICTACTOE"), "Time: (elapsed)"),
				"stderr": strings.ReplaceAll(stderr.String(), self, "$TICTACTOE"),
				"status": strconv.Itoa(status) + "\n",
			}
			if *update {
				for _, name := range []string{"stdout", "stderr", "status"} {
					if got[name] != "" || tr.sections[name] != "" {
						tr.set(name, got[name])
					}
				}
				if err := os.WriteFile(file, []byte(tr.format()), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			for _, name := range []string{"stdout", "stderr", "status"} {
				if want := tr.sections[name]; got[name] != want {
					t.Errorf("%s differs (go test -run TestTranscripts -update rewrites it)\n--- got ---\n%s--- want ---\n%s", name, got[name], want)
				}
			}
		})
	}
}

// wideLines are the lines that may be wider than game.Width: each is one line whose form
// the command-line contract pins and whose length comes from text the program does not
// choose.
var wideLines = []*regexp.Regexp{
	regexp.MustCompile(`^Line: `), // analyze's forced win, however long, on one line
	// An engine's forfeit, a one-line note that names its command and quotes its answer.
	regexp.MustCompile(`^Game \d+: [XO] \(.*\) forfeits: `),
	// An engine that refuses the board: the usage error's one line quotes its answer.
	regexp.MustCompile(`^tictactoe arena: --[xo] .* answered ".*" to (RECT)?START `),
}

// TestTranscriptWidth holds every line of the stdout and stderr of every transcript to
// game.Width columns (80), as game.Columns counts them: wide East Asian characters count
// two, colour escapes none.
func TestTranscriptWidth(t *testing.T) {
	files, err := filepath.Glob("testdata/*.txtar")
	if err != nil || len(files) == 0 {
		t.Fatalf("no transcripts in testdata: %v", err)
	}
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		tr := parseTranscript(string(data))
		for _, name := range []string{"stdout", "stderr"} {
			for i, line := range strings.Split(tr.sections[name], "\n") {
				if n := game.Columns(line); n > game.Width && !slices.ContainsFunc(wideLines, func(re *regexp.Regexp) bool { return re.MatchString(line) }) {
					t.Errorf("%s: %s line %d is %d columns, more than %d: %q", file, name, i+1, n, game.Width, line)
				}
			}
		}
	}
}

// onPath puts this program on the PATH as tictactoe, in a directory of its own first, for
// the test.
func onPath(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "tictactoe")
	if runtime.GOOS == "windows" {
		name += ".exe"
	}
	if err := os.Symlink(self, name); err != nil {
		if err := os.Link(self, name); err != nil {
			t.Fatalf("cannot put the program on the PATH: %v", err)
		}
	}
	t.Setenv("PATH", dir+string(os.PathListSeparator)+os.Getenv("PATH"))
}

// watchReader is stdin for a recorded session: before it hands over any input it notes
// whether the record already stands at its path, which it must not until the session ends.
type watchReader struct {
	r       *strings.Reader
	path    string
	checked bool
	early   bool // the record was there while the session ran
}

func (w *watchReader) Read(p []byte) (int, error) {
	if !w.checked {
		_, err := os.Stat(w.path)
		w.checked, w.early = true, err == nil
	}
	return w.r.Read(p)
}

// TestRecordReplay plays a session with --record, then replays the record with the flags
// its header gives and checks that the output is the same, byte for byte.
func TestRecordReplay(t *testing.T) {
	path := filepath.Join(t.TempDir(), "game.txt")
	input := "# a scripted session\n2\n1\n2 2\nhint\n5 5\n1 1\nundo\n3 3\n1 3\n3 1\n1 2\n2 1\n2 3\n3 2\n1\n1 1\nquit\n0\n"
	in := &watchReader{r: strings.NewReader(input), path: path}
	var out1, err1 bytes.Buffer
	status1 := run([]string{"--seed", "42", "--ai", "random", "--board", "compact", "--record", path}, in, &out1, &err1)
	if in.early {
		t.Errorf("the record stood at %s before the session ended: it must be written to a temporary file and renamed", path)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("no record after the session: %v", err)
	}
	record := string(data)
	for _, want := range []string{"# computer (O): ", "# result: ", "\nhint\n", "\n# a scripted session\n"} {
		if !strings.Contains(record, want) {
			t.Errorf("record lacks %q:\n%s", want, record)
		}
	}
	header, _, _ := strings.Cut(record, " < ")
	_, flags, ok := strings.Cut(header, "# replay: tictactoe ")
	if !ok {
		t.Fatalf("record has no replay line:\n%s", record)
	}
	var out2, err2 bytes.Buffer
	status2 := run(strings.Fields(flags), strings.NewReader(record), &out2, &err2)
	if status1 != status2 || out1.String() != out2.String() || err1.String() != err2.String() {
		t.Errorf("replay differs: status %d then %d\n--- session ---\n%s%s--- replay ---\n%s%s", status1, status2, out1.String(), err1.String(), out2.String(), err2.String())
	}
	if !strings.Contains(out1.String(), "Result: ") {
		t.Errorf("the session finished no game:\n%s", out1.String())
	}
}

// TestRecordUnwritable checks that a record that cannot be written stops the program
// before the game starts, and leaves nothing behind.
func TestRecordUnwritable(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "no-such-dir", "game.txt")
	var out, errs bytes.Buffer
	status := run([]string{"--seed", "1", "--record", path}, strings.NewReader("1\n2 2\n"), &out, &errs)
	if status != 2 || out.Len() != 0 || !strings.Contains(errs.String(), "game.txt") {
		t.Errorf("status %d, stdout %q, stderr %q: want status 2, nothing on stdout, an error naming the file", status, out.String(), errs.String())
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("left %d files in %s", len(entries), dir)
	}
}

// TestClockSeed checks a session without --seed: the seed it draws from the clock is
// printed on stderr, within 80 columns, and replaying with it gives the same output.
func TestClockSeed(t *testing.T) {
	// The moves may meet the computer's on some seeds: whatever happens must happen again.
	input := "1\n2 2\n1 1\n3 3\n1 3\n3 1\n1 2\n2 1\n2 3\n3 2\n0\n"
	var out1, err1 bytes.Buffer
	status1 := run([]string{"--ai", "random"}, strings.NewReader(input), &out1, &err1)
	var seed string
	if _, err := fmt.Sscanf(err1.String(), "Seed %s", &seed); err != nil {
		t.Fatalf("stderr %q does not give the seed: %v", err1.String(), err)
	}
	for _, line := range strings.Split(err1.String(), "\n") {
		if n := game.Columns(line); n > game.Width {
			t.Errorf("the seed's line %q is %d columns, more than %d", line, n, game.Width)
		}
	}
	var out2, err2 bytes.Buffer
	status2 := run([]string{"--ai", "random", "--seed", strings.TrimSuffix(seed, ":")}, strings.NewReader(input), &out2, &err2)
	if status1 != status2 || out1.String() != out2.String() || strings.Contains(err2.String(), "Seed") {
		t.Errorf("replay with --seed %s differs: status %d then %d\n--- first ---\n%s--- replay ---\n%s%s", seed, status1, status2, out1.String(), out2.String(), err2.String())
	}
}

// BenchmarkArena plays 10,000 games of minimax against random on 3×3, the arena's
// promised load, through run as a user would call it.
func BenchmarkArena(b *testing.B) {
	args := []string{"arena", "--x", "minimax", "--o", "random", "--games", "10000", "--seed", "1"}
	for b.Loop() {
		var out, errs bytes.Buffer
		if status := run(args, strings.NewReader(""), &out, &errs); status != 0 || !strings.Contains(out.String(), "Totals: 10000 games") {
			b.Fatalf("status %d\n%s%s", status, out.String(), errs.String())
		}
	}
}

// FuzzRun feeds whole sessions of arbitrary bytes to the menu loop against each kind of
// opponent: it must never panic and always end, with status 0 or 1, every computer move
// in the contract's form, exactly one Result line per game won or drawn, and no raw
// control character written back.
func FuzzRun(f *testing.F) {
	f.Add("1\n2 2\n1 1\n3 3\n0\n", uint8(0))
	f.Add("1\nhint\nundo\n2,2\n\x1b[2J\n# note\nquit\nreview\n2\n1\n1 1\n", uint8(1))
	f.Add("1\n1 1\n1 2\n1 3\n2 1\n2 2\n2 3\n3 1\n3 2\n3 3\n1\n", uint8(2))
	f.Add("1\n4 2\n1 1\n4 3\n1 3\n2 4\n1 5\n3 4\n1 7\n4 4\n7 7\n0\n", uint8(3))
	move := regexp.MustCompile(`^Computer \([XO]\) plays [1-3] [1-3]$`)
	f.Fuzz(func(t *testing.T, input string, mode uint8) {
		args := [][]string{
			{"--seed", "1", "--ai", "random"},
			{"--seed", "2", "--ai", "minimax", "--first", "computer"},
			{"--seed", "3", "--opponent", "human", "--symbol", "random"},
			{"--seed", "4", "--opponent", "human", "--rows", "7", "--cols", "7", "--win", "5", "--rule", "renju"},
		}[int(mode)%4]
		var out, errs bytes.Buffer
		status := run(args, strings.NewReader(input), &out, &errs)
		if status != 0 && status != 1 {
			t.Fatalf("status %d for input %q\n%s", status, input, errs.String())
		}
		results := 0
		for _, line := range strings.Split(out.String(), "\n") {
			if strings.Contains(line, "Computer (") && !move.MatchString(line) {
				t.Errorf("line %q has the computer's phrase but is not a computer move", line)
			}
			if strings.HasPrefix(line, "Result: ") {
				results++
			}
			if strings.ContainsFunc(line, func(r rune) bool { return r < ' ' && r != '\t' || r == 0x7f }) {
				t.Errorf("line %q writes a raw control character back", line)
			}
		}
		if games := strings.Count(out.String(), "\nScore: "); results != games {
			t.Errorf("%d Result lines for %d finished games", results, games)
		}
	})
}

// TestArenaEngineGone plays an engine whose process exits at once: a usage error before
// the first game, which says why (its output ended, or a broken pipe, as the race goes).
func TestArenaEngineGone(t *testing.T) {
	var out, errs bytes.Buffer
	status := run([]string{"arena", "--x", "hard", "--o", "pbrain:true", "--games", "3", "--seed", "1"}, strings.NewReader(""), &out, &errs)
	if status != exitUsage || out.Len() > 0 || !strings.Contains(errs.String(), "tictactoe arena: --o pbrain:true: ") {
		t.Fatalf("status %d, want %d, no game and the reason:\n%s%s", status, exitUsage, out.String(), errs.String())
	}
}

// TestPbrainBigBoard checks that on 15×15 our engine answers START with OK
// and two moves on free cells, within the default time.
func TestPbrainBigBoard(t *testing.T) {
	var out, errs bytes.Buffer
	start := time.Now()
	status := run([]string{"pbrain"}, strings.NewReader("START 15\nBEGIN\nTURN 8,8\nEND\n"), &out, &errs)
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if status != 0 || len(lines) != 3 || lines[0] != "OK" {
		t.Fatalf("status %d, answers %q, stderr %q", status, lines, errs.String())
	}
	seen := map[string]bool{"8,8": true}
	for _, l := range lines[1:] {
		var x, y int
		if n, _ := fmt.Sscanf(l, "%d,%d", &x, &y); n != 2 || x < 0 || x >= 15 || y < 0 || y >= 15 || seen[l] {
			t.Errorf("answer %q is not a move on a free cell", l)
		}
		seen[l] = true
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Logf("two moves took %v, more than the 1 s each allows", d) // a slow machine, not a failure
	}
}

// openPosition is a BOARD command on 15×15 where neither side has a threat: the engine
// must search to choose its move.
const openPosition = "BOARD\n7,7,1\n8,7,2\n8,8,1\n6,6,2\nDONE\n"

// pbrainSession runs the pbrain command on the input from in, and returns a channel that
// gets its exit status and the buffer its output goes to, to be read once the status came.
func pbrainSession(t *testing.T, in io.Reader, args ...string) (chan int, *bytes.Buffer) {
	t.Helper()
	out := &bytes.Buffer{}
	status := make(chan int, 1)
	go func() { status <- run(append([]string{"pbrain"}, args...), in, out, out) }()
	return status, out
}

// waitStatus returns the status that arrives on status within limit, failing the test
// if none does.
func waitStatus(t *testing.T, status chan int, limit time.Duration, what string) int {
	t.Helper()
	select {
	case s := <-status:
		return s
	case <-time.After(limit):
		t.Fatalf("%s: no end %v later", what, limit)
	}
	return 0
}

// TestPbrainEndStopsSearch checks what ends a search of our engine with no limit: END
// stops it at once with no answer; YXSTOP or STOP (a GUI's stop button) have it answer
// its best move so far at once; the end of the input (in a search of a second) has it
// answer within its limits; all end with status 0.
func TestPbrainEndStopsSearch(t *testing.T) {
	for _, end := range []string{"END\n", "", "YXSTOP\n", "STOP\n"} {
		r, w := io.Pipe()
		status, out := pbrainSession(t, r)
		// A pipe hands lines over only as they are read: what follows comes in a read
		// of its own, after the search (which would last a day) began.
		turn := "99999999"
		if end == "" {
			turn = "1000"
		}
		io.WriteString(w, "START 15\nINFO timeout_turn "+turn+"\nINFO timeout_match 0\n"+openPosition)
		time.Sleep(50 * time.Millisecond)
		start := time.Now()
		want := regexp.MustCompile(`^OK\n\d+,\d+\n$`) // a move, answered
		switch end {
		case "":
			w.Close()
		case "END\n":
			want = regexp.MustCompile(`^OK\n$`)
			io.WriteString(w, end)
		default:
			io.WriteString(w, end)
			go func() { // the session goes on after the move, to END
				time.Sleep(500 * time.Millisecond)
				io.WriteString(w, "END\n")
			}()
		}
		// A second or less, but for a very slow machine.
		if s := waitStatus(t, status, 10*time.Second, fmt.Sprintf("%q mid-search", end)); s != 0 || !want.MatchString(out.String()) {
			t.Errorf("%q mid-search: status %d, output %q; want 0 and %v", end, s, out.String(), want)
		}
		t.Logf("%q mid-search: ended %v later", end, time.Since(start))
		w.Close()
	}
}

// TestPbrainTime checks that a move keeps to what the manager allows: timeout_turn 0
// plays at once, and with no limit a turn (a huge timeout_turn) the move keeps to its
// share of timeout_match. The bounds are loose, for a loaded machine; the move would
// otherwise take --think (10 s) or a day.
func TestPbrainTime(t *testing.T) {
	for _, tt := range []struct {
		info  string
		limit time.Duration
	}{
		{"INFO timeout_turn 0\n", 3 * time.Second},
		{"INFO timeout_turn 99999999\nINFO timeout_match 4000\n", 3 * time.Second},
	} {
		start := time.Now()
		status, out := pbrainSession(t, strings.NewReader("START 15\n"+tt.info+openPosition+"END\n"), "--think", "10s")
		s := waitStatus(t, status, 20*time.Second, tt.info)
		took := time.Since(start)
		lines := strings.Split(strings.TrimSpace(out.String()), "\n")
		if s != 0 || len(lines) != 2 || lines[0] != "OK" || took > tt.limit {
			t.Errorf("%q: status %d, answers %q in %v; want OK and a move within %v", tt.info, s, lines, took, tt.limit)
		}
	}
}

// TestArenaOwnEngineBigBoard plays minimax against our own engine in a process of its
// own on 15×15 through the protocol: no game may end in a forfeit.
func TestArenaOwnEngineBigBoard(t *testing.T) {
	if testing.Short() {
		t.Skip("plays two whole games on 15×15")
	}
	t.Setenv("TICTACTOE_MAIN", "1")
	var out, errs bytes.Buffer
	status := run([]string{"arena", "--x", "pbrain:" + shellQuote(self) + " pbrain --seed 2", "--o", "hard",
		"--rows", "15", "--cols", "15", "--win", "5", "--games", "2", "--think", "200ms", "--seed", "1"}, strings.NewReader(""), &out, &errs)
	if status != 0 || !strings.Contains(out.String(), "Totals: 2 games") || strings.Contains(out.String(), "forfeits") {
		t.Fatalf("status %d\n%s%s", status, out.String(), errs.String())
	}
}

func TestArgsOf(t *testing.T) {
	tests := []struct{ argv, want []string }{
		{[]string{"tictactoe", "--seed", "1"}, []string{"--seed", "1"}},
		{[]string{"/usr/local/bin/pbrain-tictactoe"}, []string{"pbrain"}},
		{[]string{"/engines/PBRAIN-ttt.exe", "--seed", "2"}, []string{"pbrain", "--seed", "2"}},
		{[]string{"./pbrain"}, []string{}},
		{[]string{"./engine"}, []string{"pbrain"}},
		{[]string{"/opt/Yixin/ENGINE.exe", "--force-utf8"}, []string{"pbrain", "--force-utf8"}},
		{[]string{"./engines"}, []string{}},
		{[]string{"./engine", "pbrain", "--seed", "3"}, []string{"pbrain", "--seed", "3"}},
		{nil, nil},
	}
	for _, tt := range tests {
		if got := argsOf(tt.argv); !slices.Equal(got, tt.want) {
			t.Errorf("argsOf(%q) = %q, want %q", tt.argv, got, tt.want)
		}
	}
}

func TestOpeningsPhrase(t *testing.T) {
	tests := []struct {
		n, stones int
		want      string
	}{
		{10, 3, "10 openings of 3 stones near the centre, each played twice with the colours swapped"},
		{1, 1, "1 opening of 1 stone near the centre, each played twice with the colours swapped"},
		{1, 0, "1 pair of games from the empty board with the colours swapped (on this board any stone is already a threat)"},
		{4, 0, "4 pairs of games from the empty board with the colours swapped (on this board any stone is already a threat)"},
	}
	for _, tt := range tests {
		if got := openingsPhrase(tt.n, tt.stones); got != tt.want {
			t.Errorf("openingsPhrase(%d, %d) = %q, want %q", tt.n, tt.stones, got, tt.want)
		}
	}
}

// TestPbrainNodeLimitReplays checks that a move bounded by INFO max_node or max_depth, a
// GUI's level, is the same with any --seed or none, where the reply to a lone stone has
// many moves alike.
func TestPbrainNodeLimitReplays(t *testing.T) {
	for _, limit := range []string{"INFO max_node 20000", "INFO max_depth 4"} {
		var first string
		for _, args := range [][]string{nil, {"--seed", "1"}, {"--seed", "9"}} {
			in := "START 15\nINFO timeout_turn 2000000\n" + limit + "\nBOARD\n7,7,2\nDONE\n"
			status, out := pbrainSession(t, strings.NewReader(in), args...)
			if s := waitStatus(t, status, time.Minute, limit); s != 0 {
				t.Fatalf("%s %q: status %d\n%s", limit, args, s, out.String())
			}
			if first == "" {
				first = out.String()
			} else if out.String() != first {
				t.Errorf("%s %q: answers %q, without --seed %q", limit, args, out.String(), first)
			}
		}
	}
}

// TestPbrainTimeControls plays whole games of 15×15 against our engine through the
// protocol, as Gomocup's managers run them, at clocks scaled down: fastgame (5 s a move,
// 120 s a game), the preliminary leagues (30 s, 180 s) and the finals (300 s, 1000 s),
// with time_left before each move. The test plays the opponent (heuristic) and checks
// that no move takes more than the turn and the engine's moves no more than the match.
func TestPbrainTimeControls(t *testing.T) {
	for _, tc := range []struct {
		name        string
		turn, match time.Duration
	}{
		{"fastgame / 50", 100 * time.Millisecond, 2400 * time.Millisecond},
		{"preliminary / 100", 300 * time.Millisecond, 1800 * time.Millisecond},
		{"finals / 500", 600 * time.Millisecond, 2000 * time.Millisecond},
	} {
		t.Run(tc.name, func(t *testing.T) {
			inR, inW := io.Pipe()
			outR, outW := io.Pipe()
			status := make(chan int, 1)
			go func() {
				status <- run([]string{"pbrain"}, inR, outW, io.Discard)
				outW.Close()
			}()
			answers := bufio.NewScanner(outR)
			ask := func(lines string) (string, time.Duration) {
				start := time.Now()
				if _, err := io.WriteString(inW, lines); err != nil {
					t.Fatal(err)
				}
				if !answers.Scan() {
					t.Fatalf("no answer to %q", lines)
				}
				return answers.Text(), time.Since(start)
			}
			if a, _ := ask(fmt.Sprintf("START 15\nINFO timeout_turn %d\nINFO timeout_match %d\n", tc.turn.Milliseconds(), tc.match.Milliseconds())); a != "OK" {
				t.Fatalf("START: %q", a)
			}
			b, _ := game.NewBoard(game.Size{Rows: 15, Cols: 15, Win: 5}, game.X)
			opponent := newStrategy("heuristic", b.Size(), rand.New(rand.NewPCG(1, 2)), 0)
			var used, slowest time.Duration
			command := "BEGIN\n"
			for moves := 0; !b.Over() && moves < 40; moves++ {
				left := tc.match - used
				a, took := ask(fmt.Sprintf("INFO time_left %d\n%s", left.Milliseconds(), command))
				used, slowest = used+took, max(slowest, took)
				var c game.Cell
				if _, err := fmt.Sscanf(a, "%d,%d", &c.Col, &c.Row); err != nil || b.Play(c) != nil {
					t.Fatalf("move %d: answer %q on\n%v", moves+1, a, b)
				}
				if took > tc.turn {
					t.Errorf("move %d took %v, over the turn's %v", moves+1, took, tc.turn)
				}
				if b.Over() {
					break
				}
				reply, err := opponent.Move(b)
				if err != nil || b.Play(reply) != nil {
					t.Fatalf("the opponent's move %v: %v", reply, err)
				}
				command = fmt.Sprintf("TURN %d,%d\n", reply.Col, reply.Row)
			}
			if used > tc.match {
				t.Errorf("the engine's moves took %v, over the match's %v", used, tc.match)
			}
			t.Logf("%d stones, the engine's moves took %v of %v, the slowest %v", len(b.Moves()), used, tc.match, slowest)
			io.WriteString(inW, "END\n")
			if s := waitStatus(t, status, 10*time.Second, tc.name); s != 0 {
				t.Errorf("status %d", s)
			}
		})
	}
}

// TestPbrainSwap2Replays checks that our engine's Swap2 answers come from its judgement
// by a count of positions, not the clock: the same with any seed or none, run to run.
func TestPbrainSwap2Replays(t *testing.T) {
	in := "START 15\nINFO timeout_turn 400\nSWAP2BOARD\nDONE\nSWAP2BOARD\n7,7\n8,7\n7,9\nDONE\nSWAP2BOARD\n7,7\n8,8\n9,9\n6,6\n10,10\nDONE\nEND\n"
	var first string
	for _, args := range [][]string{nil, {"--seed", "1"}, {"--seed", "9"}} {
		status, out := pbrainSession(t, strings.NewReader(in), args...)
		if s := waitStatus(t, status, time.Minute, "swap2"); s != 0 {
			t.Fatalf("%q: status %d\n%s", args, s, out.String())
		}
		if lines := strings.Split(strings.TrimSpace(out.String()), "\n"); len(lines) != 4 || strings.Count(lines[1], ",") != 3 {
			t.Fatalf("%q: answers %q, want OK, three stones and two more answers", args, lines)
		}
		if first == "" {
			first = out.String()
		} else if out.String() != first {
			t.Errorf("%q: answers %q, without --seed %q", args, out.String(), first)
		}
	}
}

// TestReviewerNamesTheStop checks the words of a big-board review where threat search
// finds a move that would have stopped the win (the transcripts' games show only the
// other branch): O's 3rd move, 15 1, left X's open three on row 8 standing, and a block
// at either end of it would have stopped X.
func TestReviewerNamesTheStop(t *testing.T) {
	b, err := game.NewBoard(game.Size{Rows: 15, Cols: 15, Win: 5}, game.X)
	if err != nil {
		t.Fatal(err)
	}
	moves := []int{8, 4, 1, 1, 8, 5, 1, 15, 8, 6, 15, 1, 8, 7, 15, 15, 8, 8}
	for i := 0; i < len(moves); i += 2 {
		if err := b.Play(game.Cell{Row: moves[i] - 1, Col: moves[i+1] - 1}); err != nil {
			t.Fatal(err)
		}
	}
	got := reviewer(&ai.Engine{}, time.Second)(b, game.O, true)
	want := regexp.MustCompile(`^Review: after your 3rd move, 15 1, X had a forced win \(found by threat search\); 8 [37] would have stopped it\.$`)
	if !want.MatchString(got) {
		t.Errorf("review for O = %q, want it to match %v", got, want)
	}
}
