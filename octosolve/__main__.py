from octosolve.cli import main

main()
