/* .GetQuestion();
