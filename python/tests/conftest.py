import os
import sys

# The chapter's programs sit beside the tests.
sys.path.insert(0, os.path.dirname(__file__))
