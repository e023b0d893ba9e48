import sys

from jobs.entry import main

sys.exit(main())
