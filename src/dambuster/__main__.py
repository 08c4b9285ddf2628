from dambuster.cli import main

raise SystemExit(main())
