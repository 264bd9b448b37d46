x := 'abc.GetQuestion();
