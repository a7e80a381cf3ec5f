// Command tictactoe plays tic-tac-toe and the m,n,k-game on the console: against a
// computer strategy or another person at the same keyboard, from a menu loop that reads
// one line at a time, so that a game can be typed or piped in.
//
// Usage:
//
//	tictactoe [flags]                  the menu: 1 play, 2 rules, 0 exit
//	tictactoe analyze [flags] [R,C ...] the value of a position and of every move
//	tictactoe arena [flags]            computer against computer, with a table
//	tictactoe pbrain [flags]           a five-in-a-row engine for GUIs and managers
//	tictactoe help [COMMAND]           what --help prints, for the menu or COMMAND
//	tictactoe version                  what --version prints
//
// Run each with --help for its flags.
package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"tictactoe/ai"
	"tictactoe/game"
	"tictactoe/game/pbrain"
)

// version is what --version prints.
const version = "tictactoe 0.1.0"

func main() { os.Exit(run(argsOf(os.Args), os.Stdin, os.Stdout, os.Stderr)) }

// argsOf returns the arguments of the command line argv: those after the program's name,
// with "pbrain" in front when the program's file is named as GUIs and managers want an
// engine to be named, and start it without arguments: pbrain-... (piskvork, Gomocup's
// managers), engine or engine.exe (Yixin Board).
func argsOf(argv []string) []string {
	if len(argv) == 0 {
		return nil
	}
	name := strings.ToLower(filepath.Base(argv[0]))
	engine := strings.HasPrefix(name, "pbrain-") || name == "engine" || name == "engine.exe"
	if engine && (len(argv) == 1 || argv[1] != "pbrain") { // "engine pbrain" says it itself
		return append([]string{"pbrain"}, argv[1:]...)
	}
	return argv[1:]
}

// Exit statuses: 0 when all went well, 1 for a failure while running, 2 for a usage error.
const (
	exitOK      = 0
	exitRuntime = 1
	exitUsage   = 2
)

// run is the whole program: it parses args, runs the command they name and returns the
// exit status. Only run and the commands it calls name the program in their messages.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	cmd := commands[0]
	args = spelled(args)
	if len(args) > 0 {
		for _, c := range commands[1:] {
			if args[0] == c.name {
				cmd, args = c, args[1:]
				break
			}
		}
	}
	cfg, flags, err := parseFlags(cmd, args)
	if errors.Is(err, pflag.ErrHelp) {
		fmt.Fprint(stdout, usage(cmd, flags))
		return exitOK
	}
	if err != nil {
		return usageError(stderr, cmd.prog(), err)
	}
	if cfg.version {
		fmt.Fprintln(stdout, version)
		return exitOK
	}
	return cmd.run(cfg, stdin, stdout, stderr)
}

// spelled returns args with the words help and version, when they come first, as the
// flags they stand for: help is --help, help COMMAND is COMMAND --help, version is
// --version.
func spelled(args []string) []string {
	if len(args) == 0 {
		return args
	}
	switch args[0] {
	case "help":
		if len(args) > 1 && slices.ContainsFunc(commands[1:], func(c command) bool { return c.name == args[1] }) {
			return append([]string{args[1], "--help"}, args[2:]...)
		}
		return append([]string{"--help"}, args[1:]...)
	case "version":
		return append([]string{"--version"}, args[1:]...)
	}
	return args
}

// commandAt returns where args, the menu's flags, hold the name of a command, or help or
// version, that is not a flag's value; -1 where they hold none.
func commandAt(set *pflag.FlagSet, args []string) int {
	for i, a := range args {
		named := a == "help" || a == "version" || slices.ContainsFunc(commands[1:], func(c command) bool { return c.name == a })
		if named && (i == 0 || !takesValue(set, args[i-1])) {
			return i
		}
	}
	return -1
}

// misplaced returns the error for word, args[i], a command's name, or help or version,
// that came after the menu's flags: it goes first, as the command line with it moved there
// shows, when that line's flags suit the command, else as the command's usage line does.
func misplaced(word string, args []string, i int, set *pflag.FlagSet) error {
	if word == "help" || word == "version" {
		return fmt.Errorf("%q goes first, as in tictactoe %s", word, word)
	}
	rest := append(slices.Clone(args[:i]), args[i+1:]...)
	cmd := commands[slices.IndexFunc(commands, func(c command) bool { return c.name == word })]
	if _, _, err := parseFlags(cmd, rest); err != nil {
		return fmt.Errorf("%q goes first, as in %s [flags]%s", word, cmd.prog(), cmd.args)
	}
	line := cmd.prog()
	for _, a := range rest {
		line += " " + shellQuote(a)
	}
	return fmt.Errorf("%q goes first, as in %s", word, line)
}

// takesValue reports whether arg is a flag of set, given as --name or -n without "=",
// that takes the next argument as its value.
func takesValue(set *pflag.FlagSet, arg string) bool {
	var f *pflag.Flag
	switch {
	case strings.Contains(arg, "="):
		return false
	case strings.HasPrefix(arg, "--"):
		f = set.Lookup(arg[2:])
	case strings.HasPrefix(arg, "-") && len(arg) == 2:
		f = set.ShorthandLookup(arg[1:])
	}
	return f != nil && f.NoOptDefVal == ""
}

// usageError writes a usage error of the command prog on stderr: one line that names the
// bad value and what is allowed, then one that points to --help, short enough that the
// error stays on the screen; it returns exitUsage.
func usageError(stderr io.Writer, prog string, err error) int {
	fmt.Fprintf(stderr, "%s: %v\nRun '%s --help' for usage.\n", prog, err, prog)
	return exitUsage
}

// command is one of the program's commands: the menu loop, analyze or arena.
type command struct {
	name  string // "" for the menu loop
	args  string // what follows the flags in the usage line
	about string // what it does, for its usage
	flags []string
	run   func(cfg *config, stdin io.Reader, stdout, stderr io.Writer) int
}

// prog is the command as typed: "tictactoe" or "tictactoe analyze".
func (c command) prog() string { return strings.TrimSpace("tictactoe " + c.name) }

// commands are the program's commands, the menu loop first.
var commands = []command{
	{
		about: `Play tic-tac-toe, or any m,n,k-game, against the computer or a friend.
At the menu type 1 to play, 2 for the rules, 0 to exit; in a game type a move
as ROW COL. Commands: tictactoe analyze, tictactoe arena, tictactoe pbrain
(each with --help).`,
		flags: []string{"symbol", "first", "ai", "level", "opponent", "seed", "rows", "cols", "win", "rule", "board", "color", "think", "hash", "threads", "explain", "record", "version"},
		run:   runMenu,
	},
	{
		name: "analyze",
		args: " [R,C ...]",
		about: `Print the value of the position after the moves R,C (1-based, X moving first)
and the value of every legal move, best first, with the number of positions
searched. The values are exact unless --think stops the search first; then
they say (not proven). With --tree it prints instead the search tree of the
position, for teaching: every move minimax or alpha-beta (--plain: without it)
looks at, its value, and why alpha-beta cuts.`,
		flags: []string{"rows", "cols", "win", "rule", "board", "think", "hash", "threads", "tree", "plain", "depth"},
		run:   runAnalyze,
	},
	{
		name: "arena",
		about: `Play computer against computer, --x (moving first) against --o, for --games
games and print a table of wins, draws and losses. In place of a strategy,
pbrain:COMMAND plays an engine that speaks the five-in-a-row engine protocol
(Gomocup's pbrain), started as COMMAND; it loses a game by an illegal move, a
line that is not a move, or no answer within --think and a second.

With --openings N, in place of --games, it plays N random balanced openings
(three stones, X O X, near the centre: no side has a line that one or two
moves complete; fewer stones, or none, where the board has no such opening),
each twice with the colours swapped, and adds each strategy's wins and the
score of --x with its Elo difference and 95% interval.`,
		flags: []string{"x", "o", "games", "openings", "opening", "seed", "rows", "cols", "win", "rule", "board", "think", "verbose"},
		run:   runArena,
	},
	{
		name: "pbrain",
		about: `Be a five-in-a-row engine: answer the engine protocol of Gomocup and piskvork
(START, BEGIN, TURN, BOARD, TAKEBACK, INFO, ABOUT, END) on standard input and
output, so that GUIs, tournament managers and referees can play against the
computer. Boards up to 20×20, under the rule set by INFO rule: 0 freestyle
(--win or more in a row wins), 1 exactly --win, 4 renju, 8 caro, 9 caro with
exactly --win. Some managers want
the engine's file name to start with pbrain-: a copy or a link of this program
does.`,
		flags: []string{"ai", "level", "seed", "win", "think", "hash", "threads", "version", "force-utf8"},
		run:   runPbrain,
	},
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
	board    string        // auto, lines or compact: cfg.style once parsed
	style    game.Style    // how boards are drawn
	rule     string        // a game.Rule's name: cfg.size.Rule once parsed
	think    time.Duration // 0: no limit (analyze without --think)
	hash     int           // the table's MiB; 0 for the engine's usual size
	threads  int           // --threads; 0 when not given (see searchThreads)
	level    int           // --level; 0 when not given, and then cfg.ai is "level:N"
	cmd      string        // the command's name: "" for the game
	record   string
	version  bool
	x, o     string // arena's strategies
	games    int
	openings int    // arena's openings, each played twice; 0 for none
	opening  string // arena's kind of opening: balanced or swap2
	verbose  bool
	tree     bool     // analyze --tree: the search tree
	plain    bool     // without alpha-beta
	depth    int      // the plies of the tree shown; 0 for analyze's default
	explain  bool     // a line on why, after each computer move and hint
	args     []string // analyze's moves
}

// maxHash is the most MiB --hash takes: the engine's largest table.
const maxHash = 384

// hashBytes returns --hash in bytes.
func (c *config) hashBytes() int64 { return int64(c.hash) << 20 }

// searchThreads returns how many goroutines minimax searches a big board's move on:
// --threads when given; else one for pbrain, where a manager gives the engine its share
// of the machine (INFO thread_num), and in a game with --seed or --record, which must
// replay; else the machine's cores.
func (c *config) searchThreads() int {
	switch {
	case c.threads > 0:
		return c.threads
	case c.cmd == "pbrain", c.cmd == "" && (c.seedSet || c.record != ""):
		return 1
	}
	return cores()
}

// cores returns the machine's cores: what --threads defaults to, and what pbrain offers
// (YXSHOWINFO). The transcripts' test sets it, so that their output is the same on any
// machine.
var cores = runtime.NumCPU

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

// rand returns the generator of --seed's stream: 0 for the players' choices, 1 for the
// arena's openings, so that the same seed gives the same openings whatever the players
// draw.
func (c *config) rand(stream uint64) *rand.Rand {
	return rand.New(rand.NewPCG(uint64(c.seed), stream))
}

// strategies are the values of --ai, --x and --o: four strategies and three levels.
var strategies = []string{"random", "rules", "heuristic", "minimax", "easy", "medium", "hard"}

// choices lists the values each choice flag takes, in the order the flags are checked,
// and, where the list is too long for the error's line, what the error calls them instead.
var choices = []struct {
	flag   string
	values []string
	want   string // "" for the values, "X, O or random"
}{
	{"symbol", []string{"X", "O", "random"}, ""},
	{"first", []string{"human", "computer", "random"}, ""},
	{"ai", strategies, "random, rules, heuristic, minimax or a level"},
	{"x", strategies, "a strategy, a level or " + pbrain.Prefix + "COMMAND"},
	{"o", strategies, "a strategy, a level or " + pbrain.Prefix + "COMMAND"},
	{"opponent", []string{"computer", "human"}, ""},
	{"color", []string{"auto", "always", "never"}, ""},
	{"rule", []string{"freestyle", "exact", "renju", "caro", "exact-caro"}, ""},
	{"opening", []string{"balanced", "swap2"}, ""},
	{"board", []string{"auto", "lines", "compact"}, ""},
}

// maxOpenings is the most openings --openings takes.
const maxOpenings = 1_000_000

// parseFlags parses cmd's flags. It returns the flag set for the usage, and pflag.ErrHelp
// for -h or --help.
func parseFlags(cmd command, args []string) (*config, *pflag.FlagSet, error) {
	all := pflag.NewFlagSet(cmd.prog(), pflag.ContinueOnError)
	cfg := &config{cmd: cmd.name}
	think, win := time.Second, 3
	switch cmd.name {
	case "analyze":
		think = 0
	case "pbrain":
		win = 5
	}
	all.StringVar(&cfg.symbol, "symbol", "X", "your mark: X, O or random")
	all.StringVar(&cfg.first, "first", "human", "who moves first: human, computer or random")
	all.StringVar(&cfg.ai, "ai", "minimax", "the computer's strategy: random, rules, heuristic, minimax, or a level: easy (random), medium (rules), hard (minimax); above 64 cells levels 2, 5 and 10")
	all.IntVar(&cfg.level, "level", 0, "the computer's strength, 1 to 10: a measured ladder, 10 is minimax (not with --ai)")
	all.StringVar(&cfg.x, "x", "minimax", "the strategy or level playing X, which moves first, or pbrain:COMMAND for an engine")
	all.StringVar(&cfg.o, "o", "random", "the strategy or level playing O, or pbrain:COMMAND")
	all.IntVar(&cfg.games, "games", 100, "how many games to play")
	all.IntVar(&cfg.openings, "openings", 0, "play this many random balanced openings, each twice with the colours swapped, in place of --games")
	all.StringVar(&cfg.opening, "opening", "balanced", "how --openings open: balanced (three stones near the centre) or swap2 (the players answer Swap2 in turn: minimax or engines)")
	all.StringVar(&cfg.opponent, "opponent", "computer", "computer, or human for two people at one keyboard")
	all.Int64Var(&cfg.seed, "seed", 0, "seed for every random choice: the same seed, and the same input, replays the same games (default from the clock)")
	all.IntVar(&cfg.size.Rows, "rows", 3, "rows of the board, 1 to 20")
	all.IntVar(&cfg.size.Cols, "cols", 3, "columns of the board, 1 to 20")
	all.IntVar(&cfg.size.Win, "win", win, "marks in a row that win, 1 to max(rows, cols)")
	all.StringVar(&cfg.rule, "rule", "freestyle", "which rows win: freestyle (win or more in a row), exact (exactly win in a row; a longer row wins for nobody), renju (five in a row, and the first player may not make an overline, a double four or a double three), caro (win or more in a row, but not exactly win with the other side's marks at both ends) or exact-caro (both)")
	all.StringVar(&cfg.color, "color", "auto", "colour the winning line: auto (on a terminal, unless NO_COLOR is set), always or never")
	all.StringVar(&cfg.board, "board", "auto", "how to draw the board: lines, compact (a line a row) or auto (compact above 10 rows or columns)")
	all.DurationVar(&cfg.think, "think", think, "the most time a computer move may take")
	all.IntVar(&cfg.hash, "hash", 0, "the size of minimax's transposition table in MiB, up to 384 (default: 24 on big boards, up to 96 on the others)")
	all.IntVar(&cfg.threads, "threads", 0, "goroutines that search a move of minimax's on a board too big to solve (default: the cores; 1 with --seed or --record, which replay)")
	all.StringVar(&cfg.record, "record", "", "write the session to this file, as input that replays it")
	all.BoolVar(&cfg.verbose, "verbose", false, "print the moves and result of every game")
	all.BoolVar(&cfg.version, "version", false, "print the version and exit")
	all.BoolVar(&cfg.tree, "tree", false, "print the search tree of the position as an outline: every move searched, its value and alpha-beta's window, and where alpha-beta cuts and why")
	all.BoolVar(&cfg.plain, "plain", false, "with --tree: plain minimax, without alpha-beta")
	all.IntVar(&cfg.depth, "depth", 0, "with --tree: the plies of the tree to print (default: all on boards with at most 9 free cells, else 2, where the search also stops)")
	all.BoolVar(&cfg.explain, "explain", false, "after each computer move and hint, print a line saying why the strategy chose it")
	// Yixin Board starts engine.exe with --force-utf8; our input and output are UTF-8
	// already, and the protocol's lines ASCII.
	all.Bool("force-utf8", false, "accepted for Yixin Board, which starts engines with it; changes nothing")
	_ = all.MarkHidden("force-utf8")
	switch cmd.name {
	case "analyze":
		all.Lookup("think").Usage = "stop the search after this long (default: no limit)"
		all.Lookup("threads").Usage = "goroutines that search on a board too big to solve (default: the cores)"
	case "pbrain":
		all.Lookup("think").Usage = "the most time a move may take until the manager sends INFO timeout_turn"
		all.Lookup("win").Usage = "stones in a row that win (five in the protocol; under rule 0, freestyle, longer rows too)"
		all.Lookup("threads").Usage = "goroutines that search, until the manager sends INFO thread_num (default 1)"
	}
	set := pflag.NewFlagSet(cmd.prog(), pflag.ContinueOnError)
	set.SetOutput(io.Discard)
	set.Usage = func() {}
	set.SortFlags = false
	for _, name := range cmd.flags {
		set.AddFlag(all.Lookup(name))
	}
	if cmd.name == "" {
		if i := commandAt(set, args); i >= 0 {
			return nil, set, misplaced(args[i], args, i, set)
		}
	}
	if err := set.Parse(args); err != nil {
		return nil, set, valueError(err)
	}
	cfg.args = set.Args()
	if cmd.name != "analyze" && set.NArg() > 0 {
		return nil, set, fmt.Errorf("unexpected argument %q", set.Arg(0))
	}
	for _, ch := range choices {
		f := set.Lookup(ch.flag)
		if f == nil {
			continue
		}
		v := strings.ToLower(f.Value.String())
		if engine, ok := strings.CutPrefix(f.Value.String(), pbrain.Prefix); ok && (ch.flag == "x" || ch.flag == "o") {
			if _, err := pbrain.SplitWords(engine); err != nil {
				return nil, set, fmt.Errorf("--%s %q: %v", ch.flag, f.Value.String(), err)
			}
			continue
		}
		if n, ok := strings.CutPrefix(v, levelPrefix); ok && ch.flag == "ai" {
			return nil, set, fmt.Errorf("--ai %q: the ladder's levels are --level %s", f.Value.String(), n)
		} else if ok && (ch.flag == "x" || ch.flag == "o") {
			if l, err := strconv.Atoi(n); err != nil || l < 1 || l > ai.MaxLevel {
				return nil, set, fmt.Errorf("--%s %q: want a level from 1 to %d, such as %s3", ch.flag, f.Value.String(), ai.MaxLevel, levelPrefix)
			}
			if err := f.Value.Set(v); err != nil {
				return nil, set, err
			}
			continue
		}
		if !slices.ContainsFunc(ch.values, func(s string) bool { return strings.EqualFold(s, v) }) {
			want := ch.want
			if want == "" {
				want = strings.Join(ch.values[:len(ch.values)-1], ", ") + " or " + ch.values[len(ch.values)-1]
			}
			return nil, set, fmt.Errorf("--%s %q is not %s", ch.flag, f.Value.String(), want)
		}
		if err := f.Value.Set(v); err != nil {
			return nil, set, err
		}
	}
	if set.Lookup("rule") != nil {
		rule, err := game.ParseRule(cfg.rule) // checked above: no error
		if err != nil {
			return nil, set, err
		}
		cfg.size.Rule = rule
	}
	if set.Lookup("board") != nil {
		style, err := game.ParseStyle(cfg.board) // checked above: no error
		if err != nil {
			return nil, set, err
		}
		cfg.style = style
	}
	if cmd.name == "pbrain" {
		// The manager sets the board with START: only the win length is ours to check.
		if w := cfg.size.Win; w < 1 || w > game.MaxSize {
			return nil, set, fmt.Errorf("invalid value %d for --win: want 1 to %d", w, game.MaxSize)
		}
	} else if err := renjuSize(cfg.size); err != nil {
		return nil, set, err
	} else if err := cfg.size.Validate(); err != nil {
		return nil, set, fmt.Errorf("bad board size: %w", err)
	}
	if cfg.think < 0 || cfg.think == 0 && set.Changed("think") {
		return nil, set, fmt.Errorf("--think %q is not a positive duration, such as 500ms", cfg.think)
	}
	switch {
	case set.Changed("level") && (cfg.level < 1 || cfg.level > ai.MaxLevel):
		return nil, set, fmt.Errorf("invalid value %d for --level: want 1 to %d", cfg.level, ai.MaxLevel)
	case set.Changed("level") && set.Changed("ai"):
		return nil, set, fmt.Errorf("--level %d does not go with --ai %s: a level is a strategy of its own", cfg.level, cfg.ai)
	case set.Changed("level"):
		cfg.ai = fmt.Sprintf("%s%d", levelPrefix, cfg.level)
	}
	if cfg.threads < 0 || cfg.threads == 0 && set.Changed("threads") || cfg.threads > pbrain.MaxThreadNum {
		return nil, set, fmt.Errorf("invalid value %d for --threads: want 1 to %d", cfg.threads, pbrain.MaxThreadNum)
	}
	if cfg.hash < 0 || cfg.hash > maxHash {
		return nil, set, fmt.Errorf("invalid value %d for --hash: want 0 to %d (MiB)", cfg.hash, maxHash)
	}
	if cfg.depth < 0 || cfg.depth == 0 && set.Changed("depth") {
		return nil, set, fmt.Errorf("invalid value %d for --depth: want at least 1", cfg.depth)
	}
	for _, name := range []string{"plain", "depth"} {
		if set.Changed(name) && !cfg.tree {
			return nil, set, fmt.Errorf("--%s goes with --tree", name)
		}
	}
	if cfg.tree && set.Changed("think") {
		return nil, set, errors.New("--tree takes no --think: it searches to --depth or to the end")
	}
	if cfg.games < 1 {
		return nil, set, fmt.Errorf("invalid value %d for --games: want at least 1", cfg.games)
	}
	if cfg.openings < 0 || cfg.openings > maxOpenings {
		return nil, set, fmt.Errorf("invalid value %d for --openings: want 0 to %d", cfg.openings, maxOpenings)
	}
	if cfg.openings > 0 && set.Changed("games") {
		return nil, set, fmt.Errorf("--openings %d plays %d games: it does not go with --games %d", cfg.openings, 2*cfg.openings, cfg.games)
	}
	cfg.seedSet = set.Changed("seed")
	if !cfg.seedSet {
		cfg.seed = time.Now().UnixNano()
	}
	return cfg, set, nil
}

// intRanges says what each integer flag takes, for a value that is an integer too big
// for any flag: its own range, checked after parsing, or the range of an int64.
var intRanges = map[string]string{
	"seed":     "-2^63 to 2^63-1",
	"rows":     fmt.Sprintf("1 to %d", game.MaxSize),
	"cols":     fmt.Sprintf("1 to %d", game.MaxSize),
	"win":      fmt.Sprintf("1 to %d", game.MaxSize),
	"openings": fmt.Sprintf("0 to %d", maxOpenings),
	"games":    "1 to 2^63-1",
	"depth":    "1 to 2^63-1",
}

// valueError rewords pflag's error for a value its flag cannot hold, such as "invalid
// argument "x" for "--rows" flag: must be an integer", in the words of the other usage
// errors: "--rows "x" is not an integer"; an integer out of the flag's range says so and
// gives the range, where pflag called it no integer. Other errors are left as they are.
func valueError(err error) error {
	var bad *pflag.InvalidValueError
	if !errors.As(err, &bad) {
		return err
	}
	name, v := bad.GetFlag().Name, bad.GetValue()
	switch bad.GetFlag().Value.Type() {
	case "int", "int64":
		if _, err := strconv.ParseInt(v, 0, 64); errors.Is(err, strconv.ErrRange) {
			want, ok := intRanges[name]
			if !ok {
				want = intRanges["seed"]
			}
			return fmt.Errorf("--%s %q is out of range %s", name, v, want)
		}
		return fmt.Errorf("--%s %q is not an integer", name, v)
	case "duration":
		return fmt.Errorf("--%s %q is not a duration, such as 500ms or 2s", name, v)
	case "bool":
		return fmt.Errorf("--%s %q is not true or false", name, v)
	}
	return err
}

// renjuSize says what a board under renju needs, in the flags' words, where s has rows
// and columns that Validate takes but not the rest: game.Size.Validate takes renju with
// win 5, and win may be at most the rows or the columns.
func renjuSize(s game.Size) error {
	inRange := func(n int) bool { return n >= 1 && n <= game.MaxSize }
	switch {
	case s.Rule != game.Renju || !inRange(s.Rows) || !inRange(s.Cols):
		return nil
	case s.Win != 5:
		return fmt.Errorf("renju wants --win 5 (not %d) and 5 or more rows or columns", s.Win)
	case max(s.Rows, s.Cols) < 5:
		return fmt.Errorf("renju wants 5 or more rows or columns (not %d×%d) and --win 5", s.Rows, s.Cols)
	}
	return nil
}

// usage is the text of cmd's --help.
func usage(cmd command, set *pflag.FlagSet) string {
	return fmt.Sprintf("Usage: %s [flags]%s\n\n%s\n\nFlags:\n%s", cmd.prog(), cmd.args, cmd.about, set.FlagUsagesWrapped(game.Width))
}

// runMenu runs the menu loop: the program without a command.
func runMenu(cfg *config, stdin io.Reader, stdout, stderr io.Writer) int {
	rng := cfg.rand(0)
	computer := newStrategy(cfg.ai, cfg.size, rng, cfg.think)
	solver, ok := computer.(*ai.Engine)
	if !ok {
		solver = &ai.Engine{Think: cfg.think, Now: time.Now}
	} // else one table for the computer, hints and reviews: Hint and Review draw nothing from rng
	solver.Hash, solver.Threads = cfg.hashBytes(), cfg.searchThreads()
	m := &game.Menu{
		Console:  game.NewConsole(stdin, stdout),
		Errs:     stderr,
		Size:     cfg.size,
		Symbol:   cfg.symbol,
		First:    cfg.first,
		Two:      cfg.opponent == "human",
		Label:    strategyLabel(cfg.ai, cfg.size),
		Level:    levelOf(cfg.ai, cfg.size),
		Computer: computer,
		Rand:     rng,
		Color:    cfg.colorOn(isTerminal(stdout), os.Getenv("NO_COLOR") != ""),
		Style:    cfg.style,
		Hint:     hinter(solver, cfg.explain),
		Review:   reviewer(solver, cfg.think),
		HelpNote: "The flags choose the board, the players and more: tictactoe --help lists them.",
	}
	if e, ok := computer.(ai.Explainer); ok && cfg.explain {
		m.Explain = e.Explain
	}
	m.Console.Echo = !isTerminal(stdin)
	if !cfg.seedSet {
		// On stderr, so that a replay with --seed prints the same output as this session.
		m.SeedNote = fmt.Sprintf("Seed %d: replay this session with --seed %d.", cfg.seed, cfg.seed)
	}
	var record *recorder
	if cfg.record != "" {
		var err error
		if record, err = newRecorder(cfg.record, cfg); err != nil {
			return usageError(stderr, "tictactoe", fmt.Errorf("--record: %w", err))
		}
		m.Record, m.Console.Record = record, record
		defer record.removeOnInterrupt()()
	}
	status := exitOK
	if err := m.Run(); err != nil {
		fmt.Fprintf(stderr, "tictactoe: %v\n", err)
		status = exitRuntime
	}
	if record != nil {
		if err := record.close(); err != nil {
			fmt.Fprintf(stderr, "tictactoe: --record: %v\n", err)
			status = exitRuntime
		}
	}
	return status
}

// reviewer returns the words of the menu's review: where the person who played me on a
// finished board lost ground, their first move that made the value worse for them and a
// move that would have kept it. It needs the solver to settle every position it looks at
// within --think; when it cannot, it says so only when asked (for the review command, not
// after a lost game). On boards of more than 64 cells it speaks of threat search alone:
// the person's first move after which it found a forced win against them, and a move
// after which it found none; when it found no such win, it says so only when asked.
func reviewer(solver *ai.Engine, think time.Duration) func(b *game.Board, me game.Mark, asked bool) string {
	return func(b *game.Board, me game.Mark, asked bool) string {
		r := solver.Review(b, me)
		switch {
		case r.Threat && r.Turn > 0:
			s := fmt.Sprintf("Review: after your %s move, %v, %v had a forced win (found by threat search); ",
				ordinal(r.Turn), r.Move, me.Opponent())
			if r.Stops {
				return s + fmt.Sprintf("%v would have stopped it.", r.Better)
			}
			return s + "threat search found no move there that would have stopped it."
		case r.Threat && r.Moves > 0 && asked:
			return "Review: threat search found no forced win against you."
		case r.Threat && r.Moves > 0:
			return ""
		case !r.Settled && asked:
			return fmt.Sprintf("review: this board is too big to settle within --think %v", think)
		case !r.Settled:
			return ""
		case r.Turn > 0:
			return fmt.Sprintf("Review: your %s move, %v, turned a %s into a %s; %v would have kept it.",
				ordinal(r.Turn), r.Move, outlook(r.Before, me), outlook(r.After, me), r.Better)
		case r.Moves == 0:
			return "Review: you made no move in that game."
		case r.Start.Standing(me) == 0:
			return "Review: the game was lost before your first move; no move could have saved it."
		}
		return "Review: none of your moves lost ground."
	}
}

// ordinal returns "1st", "2nd", "3rd", "4th"... for n from 1 to 99.
func ordinal(n int) string {
	suffix := "th"
	switch {
	case n%100/10 == 1:
	case n%10 == 1:
		suffix = "st"
	case n%10 == 2:
		suffix = "nd"
	case n%10 == 3:
		suffix = "rd"
	}
	return fmt.Sprint(n) + suffix
}

// outlook names a value as the person sees it: "win", "draw" or "loss".
func outlook(v ai.Value, me game.Mark) string {
	return [...]string{"loss", "draw", "win"}[v.Standing(me)]
}

// hinter returns the answer to the hint command: the move the solver would play for the
// side to move and what it is worth to that side, and with explain a second line on why.
func hinter(solver *ai.Engine, explain bool) func(b *game.Board) string {
	return func(b *game.Board) string {
		c, v, err := solver.Hint(b)
		if err != nil {
			return err.Error() // Human asks only while the game goes on
		}
		worth := hintWorth(v, b.Turn())
		if line := solver.Line(); v.Exact && v.Winner == b.Turn() && len(line) > 1 {
			// A forced win found by threat or proof-number search: its moves, the replies.
			worth += fmt.Sprintf(": %v, then %s", line[0], game.JoinCells(line[1:]))
		}
		if explain {
			return fmt.Sprintf("%v, %s\n%s", c, worth, solver.Explain(b, c))
		}
		return fmt.Sprintf("%v, %s", c, worth)
	}
}

// hintWorth says what a hint's value v is worth to me, the side to move, as a player
// counts: a proven result as a fact, in the moves of the side that wins, this one counted
// ("you win in 2 moves", where analyze counts plies), an unproven one as an estimate that
// claims no forced win.
func hintWorth(v ai.Value, me game.Mark) string {
	switch {
	case v.Exact && v.Winner == me && v.Plies <= 1:
		return "you win with this move"
	case v.Exact && v.Winner == me:
		return fmt.Sprintf("you win in %d moves", (v.Plies+1)/2)
	case v.Exact && v.Winner == me.Opponent():
		if v.Plies <= 2 {
			return fmt.Sprintf("you lose: %v wins with its next move", me.Opponent())
		}
		return fmt.Sprintf("you lose: %v wins in %d of its moves", me.Opponent(), v.Plies/2)
	case v.Exact:
		return "draw"
	case v.Winner == me:
		return "likely a win for you (not proven)"
	case v.Winner == me.Opponent():
		return "likely a loss for you (not proven)"
	}
	// The search stopped before it could prove a draw: say what it knows.
	return "no forced win found for either side"
}

// levels names the strategy behind each level of --ai: on boards of at most 64 cells a
// strategy, on bigger ones a level of the ladder (bigLevels).
var levels = map[string]string{"easy": "random", "medium": "rules", "hard": "minimax"}

// bigLevels is the ladder's level that each level of --ai names on boards of more than
// 64 cells, where random and rules are far below any player.
var bigLevels = map[string]int{"easy": 2, "medium": 5, "hard": ai.MaxLevel}

// levelPrefix begins a strategy that is a level of the ladder: "level:3".
const levelPrefix = "level:"

// strategyOf returns the strategy that name stands for on boards of size s, and the
// ladder's level when it is one (0 otherwise): "random" for easy on 3×3, "level:2" and 2
// on 15×15.
func strategyOf(name string, s game.Size) (string, int) {
	if l, ok := bigLevels[name]; ok && s.Rows*s.Cols > 64 {
		return fmt.Sprintf("%s%d", levelPrefix, l), l
	}
	if st, ok := levels[name]; ok {
		return st, 0
	}
	if n, ok := strings.CutPrefix(name, levelPrefix); ok {
		l, _ := strconv.Atoi(n) // checked with the flags
		return name, l
	}
	return name, 0
}

// levelOf returns the ladder's level that name stands for on boards of size s, or 0.
func levelOf(name string, s game.Size) int {
	_, l := strategyOf(name, s)
	return l
}

// strategyLabel names a strategy for the user on boards of size s: "rules", "level 3",
// or "medium: rules" and "medium: level 5" for a level of --ai.
func strategyLabel(name string, s game.Size) string {
	st, l := strategyOf(name, s)
	if l > 0 {
		st = fmt.Sprintf("level %d", l)
	}
	if _, ok := levels[name]; ok {
		return name + ": " + st
	}
	return st
}

// newStrategy returns the computer player that name (of --ai, --x or --o) stands for on
// boards of size s: a strategy or a level.
func newStrategy(name string, s game.Size, rng *rand.Rand, think time.Duration) game.Player {
	name, level := strategyOf(name, s)
	if level > 0 && level < ai.MaxLevel { // the top level is minimax itself
		return &ai.Level{N: level, Rand: rng, Think: think, Now: time.Now}
	}
	switch name {
	case "random":
		return ai.Random{Rand: rng}
	case "rules":
		return ai.Rules{Rand: rng}
	case "heuristic":
		return ai.Heuristic{Rand: rng}
	}
	return &ai.Engine{Rand: rng, Think: think, Now: time.Now}
}

// runAnalyze is the analyze command: the value of the position after cfg.args and of
// every legal move.
func runAnalyze(cfg *config, _ io.Reader, stdout, stderr io.Writer) int {
	b, err := game.NewBoard(cfg.size, game.X)
	if err != nil {
		return usageError(stderr, "tictactoe analyze", err)
	}
	for i, arg := range cfg.args {
		c, err := game.ParseMove(arg, cfg.size)
		if !strings.Contains(arg, ",") {
			err = errors.New("want a move as R,C, such as 2,3")
		}
		if err == nil {
			err = b.Play(c)
		}
		if err != nil {
			return usageError(stderr, "tictactoe analyze", fmt.Errorf("move %d %s: %w", i+1, game.Quote(arg), err))
		}
	}
	if cfg.tree {
		return printTree(cfg, b, stdout, stderr)
	}
	m := &ai.Engine{Hash: cfg.hashBytes(), Threads: cfg.searchThreads()}
	if cfg.think > 0 {
		m.Think, m.Now = cfg.think, time.Now
	} else if cfg.size.Rows*cfg.size.Cols > 16 {
		fmt.Fprintln(stderr, "tictactoe analyze: with no --think, a board over 4×4 may take minutes or more")
	}
	start := time.Now()
	a := m.Analyze(b)
	elapsed := time.Since(start)
	fmt.Fprint(stdout, b.Draw(cfg.style, ""))
	if b.Over() {
		fmt.Fprintf(stdout, "The game is over: %v.\n", b.Outcome())
	} else {
		fmt.Fprintf(stdout, "%v to move.\n", b.Turn())
	}
	fmt.Fprintf(stdout, "Value: %v\n", a.Value)
	for _, mv := range a.Moves {
		fmt.Fprintf(stdout, "%v  %v\n", mv.Cell, mv.Value)
	}
	if len(a.Line) > 0 {
		fmt.Fprintf(stdout, "Line: %s\n", game.JoinCells(a.Line))
	}
	fmt.Fprintf(stdout, "Nodes: %d\n", a.Nodes)
	fmt.Fprintf(stdout, "Time: %v\n", elapsed.Round(time.Microsecond))
	return exitOK
}

// printTree is analyze --tree: the board, then the search tree of its position.
func printTree(cfg *config, b *game.Board, stdout, stderr io.Writer) int {
	if _, ok := ai.TreeSize(b, cfg.depth, ai.MaxTreePositions); !ok {
		what := fmt.Sprintf("--depth %d is", cfg.depth)
		if cfg.depth == 0 {
			what = "the default depth is" // not so on any board today: 9! or 400×399 positions
		}
		return usageError(stderr, "tictactoe analyze", fmt.Errorf("%s too deep: the tree may pass %d positions", what, ai.MaxTreePositions))
	}
	fmt.Fprint(stdout, b.Draw(cfg.style, ""))
	fmt.Fprint(stdout, ai.SearchTree(b, ai.TreeOptions{Depth: cfg.depth, Plain: cfg.plain}))
	return exitOK
}

// runArena is the arena command: computer against computer for cfg.games games.
func runArena(cfg *config, _ io.Reader, stdout, stderr io.Writer) int {
	rng := cfg.rand(0)
	var players [3]game.Player
	names := [3]string{game.X: cfg.x, game.O: cfg.o}
	if cfg.size.Win != 5 && (strings.HasPrefix(cfg.x, pbrain.Prefix) || strings.HasPrefix(cfg.o, pbrain.Prefix)) {
		// The protocol has no word for the length of a row: the engine plays five in a row
		// unless told otherwise in its own way, as ours is by pbrain --win.
		fmt.Fprintf(stderr, "tictactoe arena: the protocol plays five in a row: an engine must be set\n  to play %d itself (ours: pbrain --win %d)\n", cfg.size.Win, cfg.size.Win)
	}

	for _, m := range []game.Mark{game.X, game.O} {
		name := names[m]
		engine, ok := strings.CutPrefix(name, pbrain.Prefix)
		if !ok {
			players[m] = newStrategy(name, cfg.size, rng, cfg.think)
			continue
		}
		argv, _ := pbrain.SplitWords(engine) // checked with the flags
		p, err := pbrain.Start(argv, cfg.think, stderr)
		if err != nil {
			// The engine's path once is enough: fork/exec's error names it again.
			return usageError(stderr, "tictactoe arena", fmt.Errorf("--%s %s: %w", strings.ToLower(m.String()), name, unwrapPath(err)))
		}
		defer p.Stop()
		if err := p.Check(cfg.size); err != nil {
			p.Stop() // first: the engine's stderr is copied to ours until it has exited
			return usageError(stderr, "tictactoe arena", fmt.Errorf("--%s %s: %w", strings.ToLower(m.String()), name, err))
		}
		players[m] = p
	}
	a := &game.Arena{Size: cfg.size, Players: players, Names: names, Games: cfg.games, Out: stdout, Verbose: cfg.verbose, Style: cfg.style}
	header := fmt.Sprintf("Arena: %s as X against %s as O, %d games on a %v, seed %d.",
		strategyLabel(cfg.x, cfg.size), strategyLabel(cfg.o, cfg.size), cfg.games, cfg.size, cfg.seed)
	switch {
	case cfg.opening == "swap2":
		for _, m := range []game.Mark{game.X, game.O} {
			_, engine := players[m].(*ai.Engine)
			_, level := players[m].(*ai.Level)
			if _, swapper := players[m].(game.Swapper); !engine && !level && !swapper {
				return usageError(stderr, "tictactoe arena", fmt.Errorf("--opening swap2: --%s %s cannot answer Swap2; minimax can", strings.ToLower(m.String()), names[m]))
			}
			if engine || level {
				players[m] = swapPlayer{players[m], cfg.think}
			}
		}
		a.Players, a.Swap2 = players, true
		if cfg.openings > 0 {
			a.Games = 2 * cfg.openings
		}
		header = fmt.Sprintf("Arena: %s against %s, %d games opened by Swap2, each player opening every other game, on a %v, seed %d.",
			strategyLabel(cfg.x, cfg.size), strategyLabel(cfg.o, cfg.size), a.Games, cfg.size, cfg.seed)
	case cfg.openings > 0:
		a.Openings = game.Openings(cfg.size, cfg.openings, cfg.rand(1))
		a.Games = 2 * cfg.openings
		header = fmt.Sprintf("Arena: %s against %s, %s: %d games on a %v, seed %d.",
			strategyLabel(cfg.x, cfg.size), strategyLabel(cfg.o, cfg.size), openingsPhrase(cfg.openings, len(a.Openings[0])), a.Games, cfg.size, cfg.seed)
	}
	fmt.Fprintln(stdout, game.Wrap(header, game.Width, "  "))
	progress := isTerminal(stderr) && !cfg.verbose // verbose output shows the progress itself
	if progress {
		a.Progress = func(i int) {
			switch {
			case i == 0: // the table comes next: clear the line for it
				fmt.Fprint(stderr, "\r\x1b[K")
			case (i-1)%max(1, a.Games/100) == 0:
				fmt.Fprintf(stderr, "\rgame %d of %d", i, a.Games)
			}
		}
	}
	err := a.Run()
	if progress && err != nil {
		fmt.Fprint(stderr, "\r\x1b[K")
	}
	if err != nil {
		fmt.Fprintf(stderr, "tictactoe arena: %v\n", err)
		return exitRuntime
	}
	return exitOK
}

// openingsPhrase describes n openings of the given number of stones for the arena's
// first line.
func openingsPhrase(n, stones int) string {
	if stones == 0 {
		return fmt.Sprintf("%s from the empty board with the colours swapped (on this board any stone is already a threat)", game.Plural(n, "pair")+" of games")
	}
	return fmt.Sprintf("%s of %s near the centre, each played twice with the colours swapped", game.Plural(n, "opening"), game.Plural(stones, "stone"))
}

// runPbrain is the pbrain command: the computer as a five-in-a-row engine on stdin and
// stdout.
func runPbrain(cfg *config, stdin io.Reader, stdout, stderr io.Writer) int {
	rng := cfg.rand(0)
	player := newStrategy(cfg.ai, cfg.size, rng, cfg.think)
	e := &pbrain.Server{
		Win:        cfg.size.Win,
		Think:      cfg.think,
		MaxThreads: cores(),
		About:      fmt.Sprintf(`name="tictactoe", version=%q, author="the tictactoe developers", country=""`, strings.TrimPrefix(version, "tictactoe ")),
		Move: func(b *game.Board, lim pbrain.Limits) (game.Cell, error) {
			if m, ok := player.(*ai.Engine); ok {
				// The manager's clock, not a count of positions, bounds the search.
				m.Think, m.Memory, m.Timed, m.Stop, m.Hurry = lim.Think, lim.Memory, true, lim.Stop, lim.Hurry
				m.MaxNodes, m.MaxDepth, m.Lines, m.Watch = lim.Nodes, lim.Depth, lim.Lines, watcher(lim.Show)
				m.Hash, m.Threads = cfg.hashBytes(), cfg.searchThreads()
				if lim.Hash > 0 { // the manager's hash_size over --hash
					m.Hash = lim.Hash
				}
				if lim.Threads > 0 { // the manager's thread_num over --threads
					m.Threads = lim.Threads
				}
			}
			if l, ok := player.(*ai.Level); ok { // a level's own count bounds its search
				l.Think, l.Stop, l.Hurry = lim.Think, lim.Stop, lim.Hurry
			}
			return player.Move(b)
		},
		Now: time.Now,
	}
	if m, ok := player.(*ai.Engine); ok {
		e.Clear = m.Clear
		e.Judge = func(b *game.Board, lim pbrain.Limits) (game.Cell, float64, error) {
			return judge(b, lim.Think, true)
		}
	}
	if err := e.Serve(stdin, stdout); err != nil {
		fmt.Fprintf(stderr, "tictactoe pbrain: %v\n", err)
		return exitRuntime
	}
	return exitOK
}

// watcher returns the engine's watcher that tells show the search's thoughts in the
// protocol's terms; nil when show is nil.
func watcher(show func(pbrain.Report)) func(ai.Thought) {
	if show == nil {
		return nil
	}
	kinds := map[ai.ThoughtKind]pbrain.ReportKind{
		ai.ThoughtDepth: pbrain.ReportDepth, ai.ThoughtSearching: pbrain.ReportSearching,
		ai.ThoughtSearched: pbrain.ReportSearched, ai.ThoughtBest: pbrain.ReportBest,
		ai.ThoughtLost: pbrain.ReportLost, ai.ThoughtLine: pbrain.ReportLine,
	}
	return func(t ai.Thought) {
		r := pbrain.Report{
			Kind: kinds[t.Kind], Cell: t.Cell, Rank: t.Rank, Depth: t.Depth, SelDepth: t.SelDepth,
			Nodes: t.Nodes, Score: t.Score * judgedUnit / ai.WinScale, WinRate: ai.Winning(t.Score), Line: t.Line,
		}
		switch {
		case t.Value.Winner == game.Empty:
		case t.Score > 0: // a win for the engine, which is to move
			r.Mate = t.Value.Plies
		default:
			r.Mate = -t.Value.Plies
		}
		show(r)
	}
}

// judgedUnit is the unit of the scores a GUI is shown: 200 for odds of e to 1 that the
// side to move wins, as engines such as Rapfi count.
const judgedUnit = 200

// recorder writes a session's record: a header with the flags that replay it, then every
// line read, with comments for the computer's moves and the results. It writes to a
// temporary file beside the record and renames it into place on close, so that a run
// that is cut short never leaves a half-written record.
type recorder struct {
	*bufio.Writer
	f    *os.File
	path string
}

// newRecorder opens the temporary file and writes the header. A record that already
// exists must be a file that can be written: it is replaced, keeping its mode; a link is
// followed, so that the file it names is replaced and the link kept.
func newRecorder(path string, cfg *config) (*recorder, error) {
	mode := fs.FileMode(0o644)
	if target, err := filepath.EvalSymlinks(path); err == nil {
		path = target
		fi, err := os.Stat(path)
		if err == nil && !fi.Mode().IsRegular() {
			return nil, fmt.Errorf("cannot write %q: it is not a regular file", path)
		}
		w, err := os.OpenFile(path, os.O_WRONLY, 0) // neither truncated nor written
		if err != nil {
			return nil, fmt.Errorf("cannot write %q: %w", path, unwrapPath(err))
		}
		w.Close()
		mode = fi.Mode().Perm()
	}
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return nil, fmt.Errorf("cannot write %q: cannot create a file in %q: %w", path, dir, unwrapPath(err))
	}
	if err := f.Chmod(mode); err != nil {
		f.Close()
		os.Remove(f.Name())
		return nil, fmt.Errorf("cannot write %q: %w", path, unwrapPath(err))
	}
	r := &recorder{Writer: bufio.NewWriter(f), f: f, path: path}
	strategy := "--ai " + cfg.ai
	if cfg.level > 0 {
		strategy = fmt.Sprintf("--level %d", cfg.level)
	}
	flags := fmt.Sprintf("--seed %d --symbol %s --first %s %s --opponent %s --rows %d --cols %d --win %d --think %v",
		cfg.seed, cfg.symbol, cfg.first, strategy, cfg.opponent, cfg.size.Rows, cfg.size.Cols, cfg.size.Win, cfg.think)
	if cfg.size.Rule != game.Freestyle {
		flags += " --rule " + cfg.size.Rule.String()
	}
	if cfg.explain {
		flags += " --explain"
	}
	if cfg.hash > 0 { // the table's size changes what a search finds in its count
		flags += fmt.Sprintf(" --hash %d", cfg.hash)
	}
	if cfg.threads > 0 {
		flags += fmt.Sprintf(" --threads %d", cfg.threads)
	}
	if cfg.style != game.Auto {
		flags += " --board " + cfg.style.String()
	}
	if cfg.color != "auto" {
		flags += " --color " + cfg.color
	}
	fmt.Fprintf(r, "# tictactoe session, %s\n# replay: tictactoe %s < %s\n", version, flags, shellQuote(filepath.Base(path)))
	return r, nil
}

// unwrapPath returns the cause of a file operation's error without the file's name, which
// for the temporary file would only confuse, and which an engine's error names already.
func unwrapPath(err error) error {
	if pe := (*fs.PathError)(nil); errors.As(err, &pe) {
		return pe.Err
	}
	if le := (*os.LinkError)(nil); errors.As(err, &le) {
		return le.Err
	}
	return err
}

// shellQuote returns s as a shell reads it back: as it is when it is plain, else in
// single quotes.
func shellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-/+,=:") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// removeOnInterrupt removes the record's temporary file and exits when the program is
// interrupted (Ctrl-C), so that no trace of an unfinished record is left. It returns the
// function that stops watching.
func (r *recorder) removeOnInterrupt() (stop func()) {
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt)
	go func() {
		if _, ok := <-sig; ok {
			os.Remove(r.f.Name())
			os.Exit(130)
		}
	}()
	return func() {
		signal.Stop(sig)
		close(sig)
	}
}

// close finishes the record and moves it into place.
func (r *recorder) close() error {
	err := errors.Join(r.Flush(), r.f.Close())
	if err == nil {
		err = unwrapPath(os.Rename(r.f.Name(), r.path))
	}
	if err != nil {
		os.Remove(r.f.Name())
		return fmt.Errorf("cannot write %q: %w", r.path, err)
	}
	return nil
}

// swapPlayer is minimax, or a level of the ladder, as a player of the arena's Swap2
// games: it answers as the pbrain engine does (pbrain.Swap2Answer), judging each
// position with its share of think by a count of positions alone (see judge).
type swapPlayer struct {
	game.Player
	think time.Duration
}

// Swap2 answers Swap2's question on b (see game.Swapper).
func (p swapPlayer) Swap2(b *game.Board) (bool, []game.Cell, error) {
	return pbrain.Swap2Answer(b, func(b *game.Board, shares int) (game.Cell, float64, error) {
		return judge(b, max(time.Millisecond, p.think/time.Duration(shares)), false)
	})
}

// judge returns minimax's move on b and the chance that the side to move wins, for
// Swap2's questions, from a search of judgePace positions a millisecond of think, from an
// empty table (as a GUI's level is: see ai.Engine.MaxNodes), so that the same position
// gets the same answer whatever the seed. With deadline, think also bounds the search,
// for a manager's clock on a machine slower than ours; without, the count alone does, so
// that the arena's answers do not depend on how busy the machine is.
func judge(b *game.Board, think time.Duration, deadline bool) (game.Cell, float64, error) {
	j := &ai.Engine{Think: time.Hour, Now: time.Now, Timed: true, Hash: judgeHash,
		MaxNodes: max(1000, think.Milliseconds()*judgePace)}
	if deadline {
		j.Think = think
	}
	return j.Judge(b)
}

// judgePace is how many positions a millisecond of think a Swap2 judgement searches: a
// quarter of what a machine like ours searches in the time.
const judgePace = 200

// judgeHash is the size of a judgement's table, which starts empty: 4 MiB, enough for the
// positions of a few seconds.
const judgeHash = 4 << 20
