// Command tictactoe plays tic-tac-toe and the m,n,k-game on the console: against a
// computer strategy or another person at the same keyboard, from a menu loop that reads
// one line at a time, so that a game can be typed or piped in.
//
// Usage:
//
//	tictactoe [flags]
//
// Run it with --help for the flags.
package main

import (
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"tictactoe/ai"
	"tictactoe/game"
)

// version is what --version prints.
const version = "tictactoe 0.1.0"

func main() { os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) }

// Exit statuses, as CONTRACT.md gives them.
const (
	exitOK      = 0
	exitRuntime = 1
	exitUsage   = 2
)

// run is the whole program: it parses args, plays from stdin to stdout and returns the
// exit status. Only run names the program in its messages.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	cfg, fs, err := parseFlags(args)
	if errors.Is(err, pflag.ErrHelp) {
		fmt.Fprint(stdout, usage(fs))
		return exitOK
	}
	if err != nil {
		fmt.Fprintf(stderr, "tictactoe: %v\n%s", err, usage(fs))
		return exitUsage
	}
	if cfg.version {
		fmt.Fprintln(stdout, version)
		return exitOK
	}
	s := &session{
		cfg:   cfg,
		con:   game.NewConsole(stdin, stdout),
		out:   stdout,
		color: cfg.colorOn(isTerminal(stdout), os.Getenv("NO_COLOR") != ""),
		rng:   rand.New(rand.NewPCG(uint64(cfg.seed), 0)),
		hint:  hinter(cfg.think),
	}
	s.con.Echo = !isTerminal(stdin)
	if err := s.menu(); err != nil {
		fmt.Fprintf(stderr, "tictactoe: %v\n", err)
		return exitRuntime
	}
	return exitOK
}

// isTerminal reports whether f is a terminal (a character device), not a pipe or a file.
func isTerminal(f any) bool {
	file, ok := f.(*os.File)
	if !ok {
		return false
	}
	fi, err := file.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// config is what the flags say.
type config struct {
	size     game.Size
	symbol   string // x, o or random
	first    string // human, computer or random
	ai       string
	opponent string // computer or human
	seed     int64
	seedSet  bool // --seed was given; else seed came from the clock
	color    string
	think    time.Duration
	version  bool
}

// colorOn says whether to colour the output, given whether it is a terminal and whether
// NO_COLOR is set.
func (c *config) colorOn(terminal, noColor bool) bool {
	switch c.color {
	case "always":
		return true
	case "never":
		return false
	}
	return terminal && !noColor
}

// choices lists the values each choice flag takes, in the order the flags are checked.
var choices = []struct {
	flag   string
	values []string
}{
	{"symbol", []string{"x", "o", "random"}},
	{"first", []string{"human", "computer", "random"}},
	{"ai", []string{"random", "rules", "heuristic", "minimax", "easy", "medium", "hard"}},
	{"opponent", []string{"computer", "human"}},
	{"color", []string{"auto", "always", "never"}},
}

// parseFlags parses the menu loop's flags. It returns the flag set for the usage, and
// pflag.ErrHelp for -h or --help.
func parseFlags(args []string) (*config, *pflag.FlagSet, error) {
	fs := pflag.NewFlagSet("tictactoe", pflag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	cfg := &config{}
	fs.StringVar(&cfg.symbol, "symbol", "X", "your mark: X, O or random")
	fs.StringVar(&cfg.first, "first", "human", "who moves first: human, computer or random")
	fs.StringVar(&cfg.ai, "ai", "minimax", "the computer's strategy: random, rules, heuristic, minimax,\nor a level: easy, medium, hard")
	fs.StringVar(&cfg.opponent, "opponent", "computer", "computer, or human for two people at one keyboard")
	fs.Int64Var(&cfg.seed, "seed", 0, "seed for every random choice; the same seed and input replay a session\n(default from the clock)")
	fs.IntVar(&cfg.size.Rows, "rows", 3, "rows of the board, 1 to 19")
	fs.IntVar(&cfg.size.Cols, "cols", 3, "columns of the board, 1 to 19")
	fs.IntVar(&cfg.size.Win, "win", 3, "marks in a row that win, 1 to max(rows, cols)")
	fs.StringVar(&cfg.color, "color", "auto", "colour the winning line: auto (on a terminal, unless NO_COLOR is set),\nalways or never")
	fs.DurationVar(&cfg.think, "think", time.Second, "the most time a computer move may take")
	fs.BoolVar(&cfg.version, "version", false, "print the version and exit")
	if err := fs.Parse(args); err != nil {
		return nil, fs, err
	}
	if fs.NArg() > 0 {
		return nil, fs, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	for _, ch := range choices {
		f := fs.Lookup(ch.flag)
		v := strings.ToLower(f.Value.String())
		if !slices.Contains(ch.values, v) {
			return nil, fs, fmt.Errorf("invalid value %q for --%s: want one of %s", f.Value.String(), ch.flag, strings.Join(ch.values, ", "))
		}
		if err := f.Value.Set(v); err != nil {
			return nil, fs, err
		}
	}
	if err := cfg.size.Validate(); err != nil {
		return nil, fs, fmt.Errorf("bad board size: %w", err)
	}
	if cfg.think <= 0 {
		return nil, fs, fmt.Errorf("invalid value %q for --think: want a positive duration such as 500ms", cfg.think)
	}
	cfg.seedSet = fs.Changed("seed")
	if !cfg.seedSet {
		cfg.seed = time.Now().UnixNano()
	}
	return cfg, fs, nil
}

// usage is the text of --help.
func usage(fs *pflag.FlagSet) string {
	return `Usage: tictactoe [flags]

Play tic-tac-toe, or any m,n,k-game, against the computer or a friend. At the menu
type 1 to play, 2 for the rules, 0 to exit; in a game type a move as ROW COL.

Flags:
` + fs.FlagUsages()
}

// session is one run of the menu loop: the input shared by the menu and every game, the
// generator behind every random choice, and the score so far.
type session struct {
	cfg   *config
	con   *game.Console
	out   io.Writer
	color bool
	rng   *rand.Rand
	hint  func(b *game.Board) string
	score [3]int // games won by X and O by mark, or by the person (X slot) and computer (O slot); draws in Empty
}

// menuText is the menu shown before each choice.
const menuText = "1) play   2) rules   0) exit"

// menu runs the menu loop until 0 or the end of the input. It fails only when the input
// ends in the middle of a game, or on an error that is not the user's.
func (s *session) menu() error {
	fmt.Fprintf(s.out, "Tic-tac-toe: %d×%d board, %d in a row wins.\n", s.cfg.size.Rows, s.cfg.size.Cols, s.cfg.size.Win)
	for {
		fmt.Fprintln(s.out, menuText)
		line, err := s.con.Ask("Choice")
		switch {
		case errors.Is(err, io.EOF):
			return nil
		case err != nil:
			fmt.Fprintf(s.out, "error: %s is not a choice: %v\n", game.Quote(line), err)
			continue
		}
		switch strings.TrimSpace(line) {
		case "1":
			if err := s.play(); err != nil {
				return err
			}
		case "2":
			fmt.Fprint(s.out, s.rules())
		case "0":
			fmt.Fprintln(s.out, "Bye!")
			return nil
		default:
			fmt.Fprintf(s.out, "error: %s is not a choice: type 1, 2 or 0\n", game.Quote(line))
		}
	}
}

// play sets up one game from the flags, plays it and reports the result and the score.
// A game the person quits is not scored; one the input ends in the middle of is an error.
func (s *session) play() error {
	cfg := s.cfg
	human := s.pick(cfg.symbol, "x", "o") == "x" // the person's mark is X
	me := game.O
	if human {
		me = game.X
	}
	first := me
	if s.pick(cfg.first, "human", "computer") == "computer" {
		first = me.Opponent()
	}
	b, err := game.NewBoard(cfg.size, first)
	if err != nil {
		return err
	}
	g := &game.Game{Board: b, Out: s.out, Color: s.color}
	if !cfg.seedSet {
		fmt.Fprintf(s.out, "Seed %d: play this session again with --seed %d.\n", cfg.seed, cfg.seed)
	}
	if cfg.opponent == "human" {
		for _, m := range []game.Mark{game.X, game.O} {
			g.Players[m] = &game.Human{Console: s.con, Prompt: fmt.Sprintf("Player %v, your move", m), Hint: s.hint}
		}
		fmt.Fprintf(s.out, "Two players, X and O; %v moves first.\n", first)
	} else {
		g.Players[me] = &game.Human{Console: s.con, Prompt: fmt.Sprintf("Your move (%v)", me), UndoReply: true, Hint: s.hint}
		g.Players[me.Opponent()] = newStrategy(cfg.ai, s.rng, cfg.think)
		who := "you move"
		if first != me {
			who = "the computer moves"
		}
		fmt.Fprintf(s.out, "You are %v, the computer (%s) is %v; %s first.\n", me, strategyLabel(cfg.ai), me.Opponent(), who)
	}
	o, err := g.Run()
	switch {
	case errors.Is(err, game.ErrQuit):
		fmt.Fprintln(s.out, "Game abandoned.")
		return nil
	case err != nil:
		fmt.Fprintln(s.out, "The game is unfinished.")
		return err
	}
	fmt.Fprintf(s.out, "Result: %v\n", o)
	s.report(o, me)
	return nil
}

// report writes a sentence about the finished game and the session's score, counting it.
func (s *session) report(o game.Outcome, me game.Mark) {
	two := s.cfg.opponent == "human"
	var sentence string
	switch {
	case o.Status == game.Drawn:
		sentence = "A draw: nobody wins."
	case two:
		sentence = fmt.Sprintf("%v wins. Well played!", o.Winner)
	case o.Winner == me:
		sentence = "You win! Well played."
	default:
		sentence = "The computer wins. Better luck next time."
	}
	fmt.Fprintln(s.out, sentence)
	// Score slots: X and O by mark for two people; the person in X's, the computer in O's.
	slot := o.Winner
	if !two && o.Status == game.Won {
		slot = game.X
		if o.Winner != me {
			slot = game.O
		}
	}
	s.score[slot]++
	if two {
		fmt.Fprintf(s.out, "Score: X %d, O %d, draws %d\n", s.score[game.X], s.score[game.O], s.score[game.Empty])
	} else {
		fmt.Fprintf(s.out, "Score: you %d, computer %d, draws %d\n", s.score[game.X], s.score[game.O], s.score[game.Empty])
	}
}

// pick resolves a flag value that may be "random" to a or b, with the session's generator.
func (s *session) pick(v, a, b string) string {
	if v != "random" {
		return v
	}
	if s.rng.IntN(2) == 0 {
		return a
	}
	return b
}

// rules is the text of the rules screen.
func (s *session) rules() string {
	size := s.cfg.size
	return fmt.Sprintf(`How to play
  Two players, X and O, take turns putting their mark in a free cell of a %d×%d board.
  The first to get %d in a row, across, down or diagonally, wins; a longer row counts.
  When the board is full and nobody has, the game is a draw.

At a move prompt
  ROW COL   a move, 1-based, row first: "2 3" or "2,3"; the numbers are on the board
  help      what you can type
  hint      the best move and what it is worth
  undo      take back your last move (and the computer's reply)
  quit      abandon the game and go back to the menu
  # ...     a comment, ignored anywhere, so a recorded game can carry notes

At the menu type 1 to play, 2 for these rules, 0 to exit.
`, size.Rows, size.Cols, size.Win)
}

// levels names the strategy behind each level of --ai.
var levels = map[string]string{"easy": "random", "medium": "rules", "hard": "minimax"}

// strategyLabel names a strategy for the user: "rules", or "medium: rules" for a level.
func strategyLabel(name string) string {
	if s, ok := levels[name]; ok {
		return name + ": " + s
	}
	return name
}

// newStrategy returns the computer player that --ai names: a strategy or a level.
func newStrategy(name string, rng *rand.Rand, think time.Duration) game.Player {
	if s, ok := levels[name]; ok {
		name = s
	}
	switch name {
	case "random":
		return ai.Random{Rand: rng}
	case "rules":
		return ai.Rules{Rand: rng}
	case "heuristic":
		return ai.Heuristic{Rand: rng}
	}
	return &ai.Minimax{Rand: rng, Think: think, Now: time.Now}
}

// hinter returns the hint command's answer: the move minimax would play for the side to
// move and what it is worth to that side. It has a solver of its own and draws nothing
// from the session's generator, so asking for a hint does not change the game.
func hinter(think time.Duration) func(b *game.Board) string {
	m := &ai.Minimax{Think: think, Now: time.Now}
	return func(b *game.Board) string {
		c, v := m.Hint(b)
		worth := "draw"
		switch v.Winner {
		case b.Turn():
			worth = fmt.Sprintf("win in %d", v.Plies)
		case b.Turn().Opponent():
			worth = fmt.Sprintf("loss in %d", v.Plies)
		}
		if !v.Exact {
			worth += " (not proven)"
		}
		return fmt.Sprintf("%v, %s", c, worth)
	}
}
