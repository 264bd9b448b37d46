"""Run results -> pass@1, pass^k with Wilson intervals, flaky cases, release comparison."""
