from octosolve.cli import main

# guarded: a process started by "spawn" (a Dask LocalCluster's workers) re-imports this module as
# __mp_main__ and must not run the command again
if __name__ == "__main__":
    main()
