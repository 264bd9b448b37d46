// GetQuestion() in a comment
x := '.GetQuestion()';
/* .GetQuestion() */ y := a.GetQuestion();
