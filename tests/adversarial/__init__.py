"""The adversarial corpus (issue 25): malformed and hostile inputs for every file kind and every command that reads
them, each with its expected outcome. tests/adversarial/inputs.py holds the valid inputs the cases start from,
tests/adversarial/corpus.py makes the cases, tests/adversarial/check.py runs one and says what is wrong with its
outcome; tests/test_adversarial.py runs them all."""
