package pbrain

import (
	"fmt"
	"io"
	"os/exec"
	"time"

	"tictactoe/game"
)

// Prefix starts the name of a player that is an engine in a process of its own:
// pbrain:COMMAND, COMMAND split into words by SplitWords.
const Prefix = "pbrain:"

// grace is how much longer than its time for a move an engine may take to answer.
const grace = time.Second

// Process is a game.Player that is an engine in a process of its own, which it talks to
// through a Client. After a game it forfeited it is started afresh, since it may be out
// of step with the session or gone.
type Process struct {
	argv   []string
	think  time.Duration
	stderr io.Writer // the engine's own stderr goes here

	cmd    *exec.Cmd
	stdin  io.WriteCloser
	client *Client
}

// Start starts the engine's process from argv, the program and its arguments, with
// think as the time for a move (it may answer up to a second later) and stderr as where
// the engine's own stderr goes. The caller must Stop it.
func Start(argv []string, think time.Duration, stderr io.Writer) (*Process, error) {
	p := &Process{argv: argv, think: think, stderr: stderr}
	if err := p.start(); err != nil {
		return nil, err
	}
	return p, nil
}

// Move asks the engine for its move, starting it again if it forfeited a game before.
func (p *Process) Move(b *game.Board) (game.Cell, error) {
	if err := p.revive(); err != nil {
		return game.Cell{}, err
	}
	return p.client.Move(b)
}

// Swap2 asks the engine Swap2's question on b (see Client.Swap2), starting it again if
// it forfeited a game before.
func (p *Process) Swap2(b *game.Board) (bool, []game.Cell, error) {
	if err := p.revive(); err != nil {
		return false, nil, err
	}
	return p.client.Swap2(b)
}

// revive starts the engine again when it forfeited a game, which ended it: the next
// question is a new game's.
func (p *Process) revive() error {
	if p.client.Err() == nil {
		return nil
	}
	p.Stop()
	if err := p.start(); err != nil {
		return fmt.Errorf("%w: cannot start it again: %v", game.ErrForfeit, err)
	}
	return nil
}

// Check asks the engine whether it plays on boards of size (see Client.Check).
func (p *Process) Check(size game.Size) error { return p.client.Check(size) }

// start starts the engine's process.
func (p *Process) start() error {
	cmd := exec.Command(p.argv[0], p.argv[1:]...)
	cmd.Stderr = p.stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return err
	}
	p.cmd, p.stdin = cmd, stdin
	p.client = &Client{In: stdout, Out: stdin, Think: p.think, Wait: p.think + grace, After: time.After}
	return nil
}

// Stop ends the engine's process: END and the end of its input, then, if it has not
// exited within a second, a kill. It does nothing when the process is not running.
func (p *Process) Stop() {
	if p.cmd == nil {
		return
	}
	if p.client.Err() == nil {
		p.client.Close()
	}
	p.stdin.Close()
	done := make(chan struct{})
	go func() {
		p.cmd.Wait()
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(time.Second):
		p.cmd.Process.Kill()
		<-done
	}
	p.cmd = nil
}
