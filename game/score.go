package game

import (
	"fmt"
	"math"
)

// Score is the results of a match seen from one side: its wins, draws and losses.
type Score struct {
	Wins, Draws, Losses int
}

// Games returns the number of games of the match.
func (s Score) Games() int { return s.Wins + s.Draws + s.Losses }

// Points returns the side's points: a win is one, a draw a half.
func (s Score) Points() float64 { return float64(s.Wins) + float64(s.Draws)/2 }

// Ratio returns the points per game, from 0 to 1; one half for a match of no games.
func (s Score) Ratio() float64 {
	if s.Games() == 0 {
		return 0.5
	}
	return s.Points() / float64(s.Games())
}

// z95 is the standard normal quantile of 0.975: a 95% interval is the mean ± z95 standard
// errors.
const z95 = 1.959963984540054

// Interval returns the 95% confidence interval of Ratio, as engine testers compute it:
// the variance of one game's result (1, ½ or 0) about Ratio, the standard error of the
// mean of Games such results, and Ratio ± 1.96 standard errors, cut to 0 and 1. Where
// every game ended alike, that variance is 0 and says nothing; there it is the Wilson
// interval of the score instead (all of n games won: n/(n+1.96²) to 1). For a match of no
// games it is 0 to 1.
func (s Score) Interval() (lo, hi float64) {
	n := float64(s.Games())
	if n == 0 {
		return 0, 1
	}
	p := s.Ratio()
	if s.Wins == s.Games() || s.Draws == s.Games() || s.Losses == s.Games() {
		z2 := z95 * z95
		centre := (p + z2/(2*n)) / (1 + z2/n)
		half := z95 * math.Sqrt(p*(1-p)/n+z2/(4*n*n)) / (1 + z2/n)
		return max(centre-half, 0), min(centre+half, 1)
	}
	variance := (float64(s.Wins)*(1-p)*(1-p) + float64(s.Draws)*(0.5-p)*(0.5-p) + float64(s.Losses)*p*p) / n
	margin := z95 * math.Sqrt(variance/n)
	return max(p-margin, 0), min(p+margin, 1)
}

// Elo returns the Elo difference that an expected score p (points per game) stands for:
// −400·log10(1/p − 1); −Inf for p of 0 or less, +Inf for p of 1 or more.
func Elo(p float64) float64 {
	switch {
	case p <= 0:
		return math.Inf(-1)
	case p >= 1:
		return math.Inf(1)
	}
	return -400 * math.Log10(1/p-1)
}

// FormatElo writes an Elo difference with its sign and one decimal, "+190.8" or "-35.2";
// "0.0" for one that rounds to zero, and "+inf" or "-inf" for an infinite one.
func FormatElo(e float64) string {
	switch {
	case math.IsInf(e, 1):
		return "+inf"
	case math.IsInf(e, -1):
		return "-inf"
	case math.Abs(e) < 0.05:
		return "0.0"
	}
	return fmt.Sprintf("%+.1f", e)
}
