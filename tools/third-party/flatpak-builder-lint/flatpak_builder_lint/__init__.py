from importlib import metadata

__version__ = metadata.version(__package__ or __name__)
del metadata
